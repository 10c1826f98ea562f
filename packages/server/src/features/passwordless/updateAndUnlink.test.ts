import { CODE_RESEND_COOLDOWN_SECONDS, userSchema } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/useTestContext'

// docs/modal.md "Update email", docs/api.md passwordless/update and passwordless/unlink.
const t = useTestContext()
let counter = 0
const freshEmail = (prefix = 'upd') => `${prefix}${++counter}@example.com`

const signIn = (email: string) => t.signIn(email)

/** A code for `email` sent within `token`'s session (a link code, docs/security.md property 6). */
async function linkCode(email: string, token: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/passwordless/init',
    json: { email },
    bearer: token,
  })
  expect(response.statusCode, response.body).toBe(200)
  const [message] = await t.mailbox(email)
  return message?.code as string
}

function post(path: 'update' | 'unlink', json: unknown, token?: string) {
  return t.request({ method: 'POST', url: `/api/v1/passwordless/${path}`, json, bearer: token })
}

describe('passwordless/update', () => {
  test('default: replaces the linked address with the new one proven by its link code', async () => {
    const oldAddress = freshEmail()
    const user = await signIn(oldAddress)
    const newAddress = freshEmail('new')
    const code = await linkCode(newAddress, user.token as string)
    const response = await post(
      'update',
      { oldAddress, newAddress: newAddress.toUpperCase(), code },
      user.token as string,
    )
    expect(response.statusCode, response.body).toBe(200)
    const updated = userSchema.parse(response.json())
    expect(updated.id).toBe(user.user.id)
    expect(updated.linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: newAddress })])
    // The new address signs in to the same user; the old one is a new user now.
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    expect((await signIn(newAddress)).user.id).toBe(user.user.id)
    expect((await signIn(oldAddress)).user.id).not.toBe(user.user.id)
  })

  test('error: a login code (sent without the session) does not update', async () => {
    const oldAddress = freshEmail()
    const user = await signIn(oldAddress)
    const newAddress = freshEmail('new')
    const loginCode = await t.sendCode(newAddress)
    const response = await post('update', { oldAddress, newAddress, code: loginCode }, user.token as string)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'invalid_credentials' })
  })

  test('error: an address the user does not have → 404 not_found (updating needs one already linked)', async () => {
    const user = await signIn(freshEmail())
    const newAddress = freshEmail('new')
    const code = await linkCode(newAddress, user.token as string)
    const response = await post(
      'update',
      { oldAddress: freshEmail('nothers'), newAddress, code },
      user.token as string,
    )
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'not_found' })
  })

  test("error: another user's address → 400 linked_to_another_user", async () => {
    const taken = freshEmail('taken')
    await signIn(taken)
    const oldAddress = freshEmail()
    const user = await signIn(oldAddress)
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    const code = await linkCode(taken, user.token as string)
    const response = await post('update', { oldAddress, newAddress: taken, code }, user.token as string)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'This account has already been linked to another user.',
      code: 'linked_to_another_user',
    })
  })

  test('error: without a session → 401', async () => {
    const response = await post('update', {
      oldAddress: freshEmail(),
      newAddress: freshEmail(),
      code: '123456',
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('passwordless/unlink', () => {
  test('default: unlinks the address of a user with another account; the sole account cannot be unlinked', async () => {
    const address = freshEmail()
    const user = await signIn(address)
    const sole = await post('unlink', { address }, user.token as string)
    expect(sole.statusCode).toBe(400)
    expect(sole.json()).toMatchObject({ code: 'cannot_unlink_sole_account' })

    // Give the user a second account: link a phone.
    const phoneNumber = `+1415555${String(1000 + counter).slice(-4)}`
    await t.request({
      method: 'POST',
      url: '/api/v1/passwordless_sms/init',
      json: { phoneNumber },
      bearer: user.token as string,
    })
    const [sms] = await t.mailbox(phoneNumber)
    const linked = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless_sms/link',
      json: { phoneNumber, code: sms?.code },
      bearer: user.token as string,
    })
    expect(linked.statusCode, linked.body).toBe(200)
    const token = user.token as string
    const response = await post('unlink', { address: address.toUpperCase() }, token)
    expect(response.statusCode, response.body).toBe(200)
    expect(userSchema.parse(response.json()).linked_accounts.map((account) => account.type)).toEqual([
      'phone',
    ])
  })

  test('error: an address the user does not have → 404', async () => {
    const user = await signIn(freshEmail())
    const response = await post('unlink', { address: freshEmail('none') }, user.token as string)
    expect(response.statusCode).toBe(404)
  })
})
