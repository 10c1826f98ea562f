import { randomBytes } from 'node:crypto'
import { type AuthResponse, authResponseSchema, userSchema } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { createTestContext } from '../../test/createTestContext'
import { useTestContext } from '../../test/useTestContext'

const t = useTestContext()
let counter = 0
const freshEmail = () => `guest-upgrade${++counter}@example.com`
const newCredential = () => randomBytes(32).toString('base64url')

async function guestSignIn(credential: string): Promise<AuthResponse> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/guest/authenticate',
    json: { guest_credential: credential },
  })
  expect(response.statusCode).toBe(200)
  return authResponseSchema.parse(response.json())
}

/** Requests a link code for `email` with `bearer`'s session and reads it from the dev mailbox. */
async function linkCode(email: string, bearer: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/passwordless/init',
    json: { email },
    bearer,
  })
  expect(response.statusCode).toBe(200)
  const [message] = await t.mailbox(email)
  if (!message?.code) throw new Error('no code')
  return message.code
}

function link(email: string, code: string, bearer: string) {
  return t.request({ method: 'POST', url: '/api/v1/passwordless/link', json: { email, code }, bearer })
}

describe('guest/authenticate', () => {
  test('default: a new credential creates a guest user; is_guest says so, linked_accounts lists no guest entry', async () => {
    const auth = await guestSignIn(newCredential())
    expect(auth.is_new_user).toBe(true)
    expect(auth.user.is_guest).toBe(true)
    // The device credential is not a linked account on the wire (docs/linked-accounts.md#account-shapes).
    expect(auth.user.linked_accounts).toEqual([])
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: auth.token as string })
    expect(me.json().user).toMatchObject({ is_guest: true, linked_accounts: [] })
    expect(auth.token).toBeTruthy()
    expect(auth.refresh_token).toBeTruthy()
  })

  test('behavior: the same credential returns the same guest user, in a new session', async () => {
    const credential = newCredential()
    const first = await guestSignIn(credential)
    const second = await guestSignIn(credential)
    expect(second.user.id).toBe(first.user.id)
    expect(second.is_new_user).toBe(false)
    expect(second.refresh_token).not.toBe(first.refresh_token)
  })

  test('behavior: different credentials give different guests', async () => {
    const a = await guestSignIn(newCredential())
    const b = await guestSignIn(newCredential())
    expect(a.user.id).not.toBe(b.user.id)
  })

  test('behavior: the credential is stored only hashed', async () => {
    const credential = newCredential()
    await guestSignIn(credential)
    const result = (await t.db.orm.execute(
      `select count(*)::int as n from linked_accounts where subject like '%${credential}%'` as never,
    )) as unknown as { rows: Array<{ n: number }> }
    expect(result.rows[0]?.n).toBe(0)
  })

  test('error: a malformed credential is invalid_data', async () => {
    for (const guest_credential of ['short', `${newCredential()}x`, `${'a'.repeat(42)}=`, 42]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/guest/authenticate',
        json: { guest_credential },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_data' })
    }
  })

  test('error: guest creation is rate-limited per IP (docs/security.md property 54)', {
    timeout: 60_000,
  }, async () => {
    const limited = await createTestContext({
      rateLimits: { guest: { max: 3, timeWindowMs: 60_000 } },
    })
    try {
      const statuses: number[] = []
      for (let index = 0; index < 5; index++) {
        const response = await limited.request({
          method: 'POST',
          url: '/api/v1/guest/authenticate',
          json: { guest_credential: newCredential() },
        })
        statuses.push(response.statusCode)
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429])
    } finally {
      await limited.close()
    }
  })
})

describe('guest upgrade: passwordless/link', () => {
  test('default: a guest who links an email becomes a full user; the session and its refresh token stay', async () => {
    const credential = newCredential()
    const guest = await guestSignIn(credential)
    const email = freshEmail()
    const code = await linkCode(email, guest.token as string)
    const response = await link(email, code, guest.token as string)
    expect(response.statusCode).toBe(200)
    // The answer is the user (docs/linked-accounts.md#linking), not a new session.
    expect(response.json()).not.toHaveProperty('refresh_token')
    const upgraded = userSchema.parse(response.json())
    expect(upgraded.id).toBe(guest.user.id)
    expect(upgraded.is_guest).toBe(false)
    expect(upgraded.linked_accounts.map((account) => account.type)).toEqual(['email'])

    // The caller's access token still works, and its refresh token rotates into the upgraded user's session.
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: guest.token as string })
    expect(me.statusCode).toBe(200)
    expect(me.json().user.is_guest).toBe(false)
    const refresh = await t.request({
      method: 'POST',
      url: '/api/v1/sessions',
      json: { refresh_token: guest.refresh_token },
    })
    expect(refresh.statusCode, refresh.body).toBe(200)
    const refreshed = authResponseSchema.parse(refresh.json())
    expect(refreshed.user.id).toBe(guest.user.id)
    expect(refreshed.user.is_guest).toBe(false)

    // The email now signs in to the same user; the guest credential no longer opens it.
    expect((await t.signIn(email)).user.id).toBe(guest.user.id)
    const again = await guestSignIn(credential)
    expect(again.user.id).not.toBe(guest.user.id)
    expect(again.user.is_guest).toBe(true)
  })

  test('error: a login code (requested without a session) does not link (docs/security.md property 6)', async () => {
    const guest = await guestSignIn(newCredential())
    const email = freshEmail()
    const code = await t.sendCode(email)
    const response = await link(email, code, guest.token as string)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      error: 'Invalid or expired verification code',
      code: 'invalid_credentials',
    })
  })

  test('error: a link code does not sign in (docs/security.md property 6)', async () => {
    const guest = await guestSignIn(newCredential())
    const email = freshEmail()
    const code = await linkCode(email, guest.token as string)
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/authenticate',
      json: { email, code },
    })
    expect(response.statusCode).toBe(401)
  })

  test('error: an email of another user is account_transfer_required', async () => {
    const email = freshEmail()
    await t.signIn(email)
    const guest = await guestSignIn(newCredential())
    const code = await linkCode(email, guest.token as string)
    const response = await link(email, code, guest.token as string)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Account transfer required',
      code: 'account_transfer_required',
      data: expect.objectContaining({ nonce: expect.any(String) }),
    })
  })

  test('error: a second email is cannot_link_more_of_type', async () => {
    const owner = await t.signIn(freshEmail())
    const email = freshEmail()
    const code = await linkCode(email, owner.token as string)
    const response = await link(email, code, owner.token as string)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'User already has an account of type email linked.',
      code: 'cannot_link_more_of_type',
    })
  })

  test('error: link without a session is missing_or_invalid_token', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/link',
      json: { email: freshEmail(), code: '123456' },
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'missing_or_invalid_token' })
  })
})
