import { randomBytes } from 'node:crypto'
import {
  authResponseSchema,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COOLDOWN_SECONDS,
  CODE_TTL_SECONDS,
  toUserDid,
} from '@foyer/protocol'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/useTestContext'
import { createAppRecord } from '../apps/service'
import { sessions } from '../sessions/schema'
import { users } from '../users/schema'
import { oneTimeCodes } from './schema'
import { codeHmac, generateCode } from './service'

const t = useTestContext()
let counter = 0
const freshEmail = (prefix = 'person') => `${prefix}${++counter}@example.com`
/** A six-digit code that differs from `code`. */
const wrongCode = (code: string) => [...code].map((digit) => String((Number(digit) + 1) % 10)).join('')

function init(email: unknown, appId?: string | null) {
  return t.request({ method: 'POST', url: '/api/v1/passwordless/init', json: { email }, appId })
}
function authenticate(body: Record<string, unknown>, appId?: string | null) {
  return t.request({ method: 'POST', url: '/api/v1/passwordless/authenticate', json: body, appId })
}
function expectInvalidCode(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(401)
  expect(response.json()).toEqual({
    error: 'Invalid or expired verification code',
    code: 'invalid_credentials',
  })
}

describe('email sign-in off for the app', () => {
  test('error: email_auth off → 403 disallowed_login_method on init, authenticate and link; no code is sent', async () => {
    const app = await createAppRecord(t.db, {
      name: 'No email',
      masterKey: t.masterKey,
      settings: { email_auth: false },
    })
    const email = freshEmail('off')
    const sent = await init(email, app.id)
    expect(sent.statusCode).toBe(403)
    expect(sent.json()).toEqual({ error: 'Login with email not allowed.', code: 'disallowed_login_method' })
    expect(await t.mailbox(email)).toEqual([])
    const auth = await authenticate({ email, code: '123456' }, app.id)
    expect(auth.statusCode).toBe(403)
    expect(auth.json()).toMatchObject({ code: 'disallowed_login_method' })
    const guest = await t.request({
      method: 'POST',
      url: '/api/v1/guest/authenticate',
      json: { guest_credential: randomBytes(32).toString('base64url') },
      appId: app.id,
    })
    expect(guest.statusCode).toBe(200)
    const link = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/link',
      json: { email, code: '123456' },
      appId: app.id,
      bearer: guest.json().token,
    })
    expect(link.statusCode).toBe(403)
    expect(link.json()).toMatchObject({ code: 'disallowed_login_method' })
  })
})

describe('passwordless/init', () => {
  test('default: sends a 6-digit code and answers { success: true }', async () => {
    const email = freshEmail()
    const response = await init(email)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true })
    const [message] = await t.mailbox(email)
    expect(message?.code).toMatch(/^[0-9]{6}$/)
    expect(message?.subject).toBe(`${message?.code} is your Foyer Demo login code`)
  })

  test('behavior: the email is trimmed and lower-cased', async () => {
    const email = freshEmail('Mixed.Case')
    const response = await init(`  ${email.toUpperCase()}  `)
    expect(response.statusCode).toBe(200)
    expect((await t.mailbox(email.toLowerCase()))[0]?.to).toBe(email.toLowerCase())
  })

  test('behavior: known and unknown emails get byte-identical answers', async () => {
    const known = freshEmail('known')
    const code = await t.sendCode(known)
    expect((await authenticate({ email: known, code })).statusCode).toBe(200)
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    const a = await init(known)
    const b = await init(freshEmail('unknown'))
    expect(a.statusCode).toBe(b.statusCode)
    expect(a.body).toBe(b.body)
    expect(a.headers['content-type']).toBe(b.headers['content-type'])
  })

  test('error: invalid email → 400 invalid_data', async () => {
    for (const email of ['person', 'person@', '@example.com', '', 42]) {
      const response = await init(email)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_data' })
    }
  })

  test('error: missing app id header → 403 invalid_origin (CSRF rule); malformed → 400 invalid_data', async () => {
    const response = await init(freshEmail(), null)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: 'Missing privy-app-id header', code: 'invalid_origin' })
    const malformed = await init(freshEmail(), 'short')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({
      error: 'Missing or invalid privy-app-id header',
      code: 'invalid_data',
    })
  })

  test('error: unknown app → 404 not_found', async () => {
    const response = await init(freshEmail(), 'unknownapp000000000000000')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: 'App not found', code: 'not_found' })
  })

  test('error: plus email when the app disallows it → 422 disallowed_plus_email', async () => {
    const strict = await createAppRecord(t.db, {
      name: 'Strict',
      masterKey: t.masterKey,
      settings: { disable_plus_emails: true },
    })
    const response = await init('some+tag@example.com', strict.id)
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({
      error: "Please enter a valid email address without a '+'.",
      code: 'disallowed_plus_email',
    })
    // The demo app allows plus addressing.
    expect((await init(`plus+${counter++}@example.com`)).statusCode).toBe(200)
    // Authenticate applies the same rule.
    const auth = await authenticate({ email: 'some+tag@example.com', code: '123456' }, strict.id)
    expect(auth.statusCode).toBe(422)
  })

  test('error: a second send within 30 s → 429 too_many_requests; after 30 s it works', async () => {
    const email = freshEmail()
    expect((await init(email)).statusCode).toBe(200)
    t.advance((CODE_RESEND_COOLDOWN_SECONDS - 1) * 1000)
    const second = await init(email)
    expect(second.statusCode).toBe(429)
    expect(second.json()).toMatchObject({ code: 'too_many_requests' })
    // The seconds left of the cooldown (RFC 9110 §10.2.3).
    expect(second.headers['retry-after']).toBe('1')
    expect(await t.mailbox(email)).toHaveLength(1)
    t.advance(1000)
    expect((await init(email)).statusCode).toBe(200)
    expect(await t.mailbox(email)).toHaveLength(2)
  })

  test('behavior: a used code holds no cooldown: signing in and sending again at once works', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    expect((await authenticate({ email, code })).statusCode).toBe(200)
    const again = await init(email)
    expect(again.statusCode).toBe(200)
    expect(await t.mailbox(email)).toHaveLength(2)
  })

  test('error: the cooldown holds under 10 parallel sends', async () => {
    const email = freshEmail()
    const responses = await Promise.all(Array.from({ length: 10 }, () => init(email)))
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1)
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(9)
  })

  test('behavior: the code is stored only as an HMAC', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const [row] = await t.db.orm.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, email))
    expect(row?.codeHmac).toMatch(/^[0-9a-f]{64}$/)
    expect(row?.codeHmac).not.toContain(code)
    expect(row?.codeHmac).toBe(
      codeHmac(t.masterKey, { appId: t.demoApp.id, purpose: 'login', destination: email, code }),
    )
  })

  test('behavior: generated codes are 6 digits, zero-padded', () => {
    for (let index = 0; index < 200; index++) expect(generateCode()).toMatch(/^[0-9]{6}$/)
  })
})

describe('passwordless/authenticate', () => {
  test('default: a new user signs up and gets an auth response', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const response = await authenticate({ email, code })
    expect(response.statusCode).toBe(200)
    const body = authResponseSchema.parse(response.json())
    expect(body.is_new_user).toBe(true)
    expect(body.session_update_action).toBe('set')
    expect(body.token).toBe(body.privy_access_token)
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43,}$/)
    expect(body.user.id).toMatch(/^did:foyer:[a-z0-9]{25}$/)
    expect(body.user.linked_accounts).toEqual([
      {
        type: 'email',
        address: email,
        verified_at: Math.floor(t.now() / 1000),
        first_verified_at: Math.floor(t.now() / 1000),
        latest_verified_at: Math.floor(t.now() / 1000),
      },
    ])
    expect(body.user).toMatchObject({ mfa_methods: [], has_accepted_terms: false, is_guest: false })
  })

  test('behavior: signing in again returns the same user, is_new_user false, and a new session', async () => {
    const email = freshEmail()
    const first = authResponseSchema.parse(
      (await authenticate({ email, code: await t.sendCode(email) })).json(),
    )
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    const second = authResponseSchema.parse(
      (await authenticate({ email: email.toUpperCase(), code: await t.sendCode(email) })).json(),
    )
    expect(second.is_new_user).toBe(false)
    expect(second.user.id).toBe(first.user.id)
    expect(second.user.linked_accounts[0]?.latest_verified_at).toBeGreaterThan(
      second.user.linked_accounts[0]?.first_verified_at ?? Number.POSITIVE_INFINITY,
    )
    const userId = first.user.id.replace('did:foyer:', '')
    expect(toUserDid(userId)).toBe(first.user.id)
    const rows = await t.db.orm.select().from(sessions).where(eq(sessions.userId, userId))
    expect(rows).toHaveLength(2)
  })

  test('error: non-numeric code → 400 invalid_data', async () => {
    const email = freshEmail()
    await t.sendCode(email)
    for (const code of ['12a456', '12345', '1234567', ' 12345', 123456]) {
      const response = await authenticate({ email, code })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_data' })
    }
    expect((await authenticate({ email, code: 'abcdef' })).json()).toEqual({
      error: 'code: Code should be numeric',
      code: 'invalid_data',
    })
  })

  test('error: invalid email and missing fields → 400 invalid_data', async () => {
    expect((await authenticate({ email: 'nope', code: '123456' })).json()).toMatchObject({
      code: 'invalid_data',
    })
    expect((await authenticate({ code: '123456' })).statusCode).toBe(400)
    expect((await authenticate({ email: freshEmail(), code: '123456', mode: 'sideways' })).statusCode).toBe(
      400,
    )
  })

  test('error: missing app id → 403, unknown app → 404', async () => {
    expect((await authenticate({ email: freshEmail(), code: '123456' }, null)).statusCode).toBe(403)
    expect(
      (await authenticate({ email: freshEmail(), code: '123456' }, 'unknownapp000000000000000')).statusCode,
    ).toBe(404)
  })

  test('error: no code was sent → 401 invalid_credentials', async () => {
    expectInvalidCode(await authenticate({ email: freshEmail(), code: '123456' }))
  })

  test('error: wrong code → 401 invalid_credentials; the right code still works', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    expectInvalidCode(await authenticate({ email, code: wrongCode(code) }))
    expect((await authenticate({ email, code })).statusCode).toBe(200)
  })

  test('error: after 5 wrong codes the right code fails too', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    for (let attempt = 0; attempt < CODE_MAX_ATTEMPTS; attempt++)
      expectInvalidCode(await authenticate({ email, code: wrongCode(code) }))
    expectInvalidCode(await authenticate({ email, code }))
  })

  test('error: code expired (10 min + 1 s later) → 401', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    t.advance((CODE_TTL_SECONDS + 1) * 1000)
    expectInvalidCode(await authenticate({ email, code }))
  })

  test('behavior: a code is accepted just before it expires', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    t.advance((CODE_TTL_SECONDS - 1) * 1000)
    expect((await authenticate({ email, code })).statusCode).toBe(200)
  })

  test('error: resend invalidates the previous code', async () => {
    const email = freshEmail()
    const first = await t.sendCode(email)
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    let second = await t.sendCode(email)
    // Codes are random; on the rare equal pair, send again.
    while (second === first) {
      t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
      second = await t.sendCode(email)
    }
    expectInvalidCode(await authenticate({ email, code: first }))
    expect((await authenticate({ email, code: second })).statusCode).toBe(200)
  })

  test('error: a code is single use', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    expect((await authenticate({ email, code })).statusCode).toBe(200)
    expectInvalidCode(await authenticate({ email, code }))
  })

  test('error: a code is bound to its email: the code of a@x fails for b@x', async () => {
    const a = freshEmail('a')
    const b = freshEmail('b')
    const codeA = await t.sendCode(a)
    await t.sendCode(b)
    const codeB = (await t.mailbox(b))[0]?.code
    if (codeB === codeA) return // 1 in a million: the test has nothing to prove
    expectInvalidCode(await authenticate({ email: b, code: codeA }))
  })

  test('error: a code is bound to its app', async () => {
    const other = await createAppRecord(t.db, { name: 'Other', masterKey: t.masterKey })
    const email = freshEmail()
    const code = await t.sendCode(email)
    expectInvalidCode(await authenticate({ email, code }, other.id))
  })

  test("error: mode 'no-signup' with an unknown email → 404 user_does_not_exist", async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const response = await authenticate({ email, code, mode: 'no-signup' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: 'User does not exist', code: 'user_does_not_exist' })
    const known = freshEmail()
    await authenticate({ email: known, code: await t.sendCode(known) })
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    const again = await authenticate({ email: known, code: await t.sendCode(known), mode: 'no-signup' })
    expect(again.statusCode).toBe(200)
  })

  test('behavior: 20 parallel authenticates with the right code → exactly one 200 and one session', async () => {
    const email = freshEmail()
    const code = await t.sendCode(email)
    const responses = await Promise.all(Array.from({ length: 20 }, () => authenticate({ email, code })))
    const ok = responses.filter((response) => response.statusCode === 200)
    expect(ok).toHaveLength(1)
    for (const response of responses.filter((r) => r.statusCode !== 200)) expectInvalidCode(response)
    const userId = authResponseSchema.parse(ok[0]?.json()).user.id.replace('did:foyer:', '')
    expect(await t.db.orm.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1)
    expect(await t.db.orm.select().from(users).where(eq(users.id, userId))).toHaveLength(1)
  })

  test('error: malformed JSON and wrong content type → 400 invalid_data', async () => {
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", "code": ',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({ error: 'Malformed request body', code: 'invalid_data' })
    const empty = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/init',
      headers: { 'content-type': 'application/json' },
      payload: '',
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ code: 'invalid_data' })
    const text = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/init',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.c',
    })
    expect(text.statusCode).toBe(400)
    expect(text.json()).toMatchObject({ code: 'invalid_data' })
    const none = await t.request({ method: 'POST', url: '/api/v1/passwordless/init' })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ code: 'invalid_data' })
    const array = await t.request({ method: 'POST', url: '/api/v1/passwordless/init', json: [1, 2] })
    expect(array.statusCode).toBe(400)
  })

  test('behavior: unknown headers are accepted', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/init',
      json: { email: freshEmail() },
      headers: {
        'privy-client-id': 'client-1',
        'privy-ca-id': '8a4b5a36-5c41-4c36-9a5e-1f2d3c4b5a69',
        'privy-client': 'foyer-react:0.1.0',
        'privy-retry-attempt': '0',
        'x-something-else': 'yes',
      },
    })
    expect(response.statusCode).toBe(200)
  })
})
