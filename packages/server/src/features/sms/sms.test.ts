import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import {
  type AuthResponse,
  authResponseSchema,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COOLDOWN_SECONDS,
  CODE_TTL_SECONDS,
  maskPhoneNumber,
  userSchema,
} from '@foyer/protocol'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import {
  startTwilioStandIn,
  TWILIO_INVALID_TO,
  TWILIO_REGION_NOT_ENABLED,
  TWILIO_UNROUTABLE,
  type TwilioStandIn,
} from '../../testing/sms/twilioStandIn'
import { createAppRecord } from '../apps/service'
import { idempotentRequests } from '../idempotency/schema'
import { oneTimeCodes } from '../passwordless/schema'
import { codeHmac } from '../passwordless/service'
import { sessions } from '../sessions/schema'
import { sms } from './method'
import { toE164 } from './phoneNumber'

let t: TestContext
let counter = 0
/** A fresh, possible US number: +1 415 55x xxxx. */
const freshNumber = () => `+1415${String(5_500_000 + ++counter).padStart(7, '0')}`
const wrongCode = (code: string) => [...code].map((digit) => String((Number(digit) + 1) % 10)).join('')
const logLines: string[] = []

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk))
      callback()
    },
  })
  t = await createTestContext({ logger: { level: 'info', stream } })
}, 60_000)
afterAll(async () => {
  await t?.close()
})

function init(phoneNumber: unknown, options: { bearer?: string; appId?: string } = {}) {
  return t.request({
    method: 'POST',
    url: '/api/v1/passwordless_sms/init',
    json: { phoneNumber },
    bearer: options.bearer,
    appId: options.appId,
  })
}
function authenticate(body: Record<string, unknown>, appId?: string) {
  return t.request({ method: 'POST', url: '/api/v1/passwordless_sms/authenticate', json: body, appId })
}
function post(path: string, json: unknown, bearer: string) {
  return t.request({ method: 'POST', url: `/api/v1/passwordless_sms/${path}`, json, bearer })
}
/** Sends a code to `phoneNumber` (a link code with `bearer`) and reads it from the dev mailbox. */
async function smsCode(phoneNumber: string, bearer?: string): Promise<string> {
  const response = await init(phoneNumber, bearer ? { bearer } : {})
  expect(response.statusCode, response.body).toBe(200)
  const [message] = await t.mailbox(toE164(phoneNumber))
  if (!message?.code) throw new Error(`no SMS code for ${phoneNumber}`)
  return message.code
}
async function smsSignIn(phoneNumber: string): Promise<AuthResponse> {
  const code = await smsCode(phoneNumber)
  const response = await authenticate({ phoneNumber, code })
  expect(response.statusCode, response.body).toBe(200)
  return authResponseSchema.parse(response.json())
}
async function emailSignIn(email: string): Promise<AuthResponse> {
  const code = await t.sendCode(email)
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/passwordless/authenticate',
    json: { email, code },
  })
  expect(response.statusCode).toBe(200)
  return authResponseSchema.parse(response.json())
}
function expectInvalidCode(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(401)
  expect(response.json()).toEqual({
    error: 'Invalid or expired verification code',
    code: 'invalid_credentials',
  })
}

describe('phone numbers', () => {
  test('behavior: toE164 canonicalizes formatted international numbers', () => {
    expect(toE164(' +1 (415) 555-0100 ')).toBe('+14155550100')
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958')
  })
  test('error: national-only, too short, extensions, letters and over 250 characters are invalid', () => {
    for (const raw of [
      '4155550100',
      '+1415',
      '+12',
      '+1 415 555 0100 ext 12',
      'abc',
      '+',
      `+1415555010${'0'.repeat(250)}`,
    ])
      expect(() => toE164(raw), raw).toThrow('Invalid phone number')
  })
  test('behavior: masking keeps the last 4 characters (and the +, as the SDK shows it)', () => {
    expect(maskPhoneNumber('+14155550100')).toBe('+•••••••0100')
  })
})

describe('passwordless_sms/init', () => {
  test('default: texts a 6-digit code to the dev mailbox (kind sms, to the E.164 number)', async () => {
    const number = freshNumber()
    const formatted = `+1 (${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`
    const response = await init(formatted)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true })
    const [message] = await t.mailbox(number)
    expect(message).toMatchObject({ kind: 'sms', to: number, subject: 'SMS' })
    expect(message?.code).toMatch(/^[0-9]{6}$/)
    expect(message?.text).toBe(`${message?.code} is your Foyer Demo login code. It expires in 10 minutes.`)
    // An unencoded '+' in the query string (a space) still finds the number.
    const unencoded = await t.app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${number}` })
    expect((unencoded.json() as { messages: unknown[] }).messages).toHaveLength(1)
    // The mailbox filter by kind.
    const sms = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', query: { kind: 'sms' } })
    const kinds = (sms.json() as { messages: Array<{ kind: string }> }).messages.map((m) => m.kind)
    expect(new Set(kinds)).toEqual(new Set(['sms']))
  })

  test('error: an invalid number → 400 invalid_data', async () => {
    for (const phoneNumber of ['4155550100', '+1415', 'call me', '', 42, 'x'.repeat(251)]) {
      const response = await init(phoneNumber)
      expect(response.statusCode, String(phoneNumber)).toBe(400)
      expect(response.json()).toMatchObject({ code: 'invalid_data' })
    }
  })

  test('error: sms_auth off → 403 disallowed_login_method', async () => {
    const app = await createAppRecord(t.db, {
      name: 'No SMS',
      masterKey: t.masterKey,
      settings: { sms_auth: false },
    })
    const response = await init(freshNumber(), { appId: app.id })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: 'Login with SMS not allowed.', code: 'disallowed_login_method' })
    const auth = await authenticate({ phoneNumber: freshNumber(), code: '123456' }, app.id)
    expect(auth.statusCode).toBe(403)
  })

  test('security properties 1 and 7: the code is stored only as its HMAC bound to app, purpose and number, and never logged', async () => {
    const number = freshNumber()
    const code = await smsCode(number)
    const [row] = await t.db.orm
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.destination, number), eq(oneTimeCodes.purpose, 'login')))
    expect(row?.codeHmac).toBe(
      codeHmac(t.masterKey, { appId: t.demoApp.id, purpose: 'login', destination: number, code }),
    )
    expect(JSON.stringify(row)).not.toContain(code)
    const log = logLines.join('')
    expect(log).toContain(`[dev mailbox] SMS login code for ${maskPhoneNumber(number)}`)
    expect(log).not.toContain(number)
    expect(log).not.toMatch(new RegExp(`\\b${code}\\b`))
  })

  test('security property 8: a second send within 30 s → 429; after 30 s it works', async () => {
    const number = freshNumber()
    expect((await init(number)).statusCode).toBe(200)
    const again = await init(number)
    expect(again.statusCode).toBe(429)
    expect(again.json()).toMatchObject({ code: 'too_many_requests' })
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    expect((await init(number)).statusCode).toBe(200)
  })

  test('security property 9: known and unknown numbers get byte-identical answers', async () => {
    const known = freshNumber()
    await smsSignIn(known)
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    const a = await init(known)
    const b = await init(freshNumber())
    expect(a.statusCode).toBe(200)
    expect(a.statusCode).toBe(b.statusCode)
    expect(a.body).toBe(b.body)
    expect(a.headers['content-type']).toBe(b.headers['content-type'])
  })
})

describe('passwordless_sms/authenticate', () => {
  test('default: a new number signs up with a phone account; again → same user, not new', async () => {
    const number = freshNumber()
    const first = await smsSignIn(number)
    expect(first.is_new_user).toBe(true)
    expect(first.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'phone', number, verified_at: expect.any(Number) }),
    ])
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    const second = await smsSignIn(number)
    expect(second.is_new_user).toBe(false)
    expect(second.user.id).toBe(first.user.id)
  })

  test("error: mode 'no-signup' with an unknown number → 404 user_does_not_exist", async () => {
    const number = freshNumber()
    const code = await smsCode(number)
    const response = await authenticate({ phoneNumber: number, code, mode: 'no-signup' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'user_does_not_exist' })
  })

  test('security property 2: the code expires after 10 minutes (expiry + 1 s fails)', async () => {
    const number = freshNumber()
    const code = await smsCode(number)
    t.advance(CODE_TTL_SECONDS * 1000 + 1000)
    expectInvalidCode(await authenticate({ phoneNumber: number, code }))
  })

  test('security property 3: after 5 wrong codes the right code fails too', async () => {
    const number = freshNumber()
    const code = await smsCode(number)
    for (let index = 0; index < CODE_MAX_ATTEMPTS; index++)
      expectInvalidCode(await authenticate({ phoneNumber: number, code: wrongCode(code) }))
    expectInvalidCode(await authenticate({ phoneNumber: number, code }))
  })

  test('security property 4: 20 parallel authenticates with the right code → exactly one 200 and one session', async () => {
    const number = freshNumber()
    const code = await smsCode(number)
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => authenticate({ phoneNumber: number, code })),
    )
    const ok = responses.filter((response) => response.statusCode === 200)
    expect(ok).toHaveLength(1)
    for (const response of responses.filter((r) => r.statusCode !== 200)) expectInvalidCode(response)
    const auth = authResponseSchema.parse(ok[0]?.json())
    const userId = auth.user.id.replace('did:foyer:', '')
    expect(await t.db.orm.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1)
  })

  test('security property 5: a resend invalidates the previous code', async () => {
    const number = freshNumber()
    const first = await smsCode(number)
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    let second = await smsCode(number)
    while (second === first) {
      t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
      second = await smsCode(number)
    }
    expectInvalidCode(await authenticate({ phoneNumber: number, code: first }))
    expect((await authenticate({ phoneNumber: number, code: second })).statusCode).toBe(200)
  })

  test('security property 6: a code is bound to its number and purpose', async () => {
    const a = freshNumber()
    const b = freshNumber()
    const code = await smsCode(a)
    await smsCode(b)
    expectInvalidCode(await authenticate({ phoneNumber: b, code }))
    // A login code neither links nor updates.
    const user = await emailSignIn(`sms-bound${++counter}@example.com`)
    expectInvalidCode(await post('link', { phoneNumber: a, code }, user.token as string))
    // A link code does not sign in.
    const c = freshNumber()
    const linkCode = await smsCode(c, user.token as string)
    expectInvalidCode(await authenticate({ phoneNumber: c, code: linkCode }))
    // The right login code still works.
    expect((await authenticate({ phoneNumber: a, code })).statusCode).toBe(200)
  })
})

describe('passwordless_sms/authenticate: one statement, retries (docs/sessions.md#sign-in-retries)', () => {
  const withKey = (phoneNumber: string, code: string, key: string) =>
    t.request({
      method: 'POST',
      url: '/api/v1/passwordless_sms/authenticate',
      json: { phoneNumber, code },
      headers: { 'idempotency-key': key },
    })

  test('error: a failure in the session insert leaves the SMS code usable; the retry signs the number up once', async () => {
    const phoneNumber = freshNumber()
    const code = await smsCode(phoneNumber)
    await t.db.orm.execute(
      sql.raw(`create or replace function foyer_test_fail_sms_session() returns trigger language plpgsql as $$
        begin raise exception 'injected failure: session insert'; end $$`),
    )
    await t.db.orm.execute(
      sql.raw(
        'create trigger foyer_test_fail_sms_session before insert on sessions for each statement execute function foyer_test_fail_sms_session()',
      ),
    )
    try {
      expect((await authenticate({ phoneNumber, code })).statusCode).toBe(500)
    } finally {
      await t.db.orm.execute(sql.raw('drop trigger foyer_test_fail_sms_session on sessions'))
    }
    const response = await authenticate({ phoneNumber, code })
    expect(response.statusCode).toBe(200)
    expect(authResponseSchema.parse(response.json()).is_new_user).toBe(true)
  })

  test('behavior: a retry with the same code and Idempotency-Key after the stored answer is gone gets the same user', async () => {
    const phoneNumber = freshNumber()
    const code = await smsCode(phoneNumber)
    const key = randomBytes(16).toString('hex')
    const first = await withKey(phoneNumber, code, key)
    expect(first.statusCode).toBe(200)
    await t.db.orm.delete(idempotentRequests)
    const retried = await withKey(phoneNumber, code, key)
    expect(retried.statusCode).toBe(200)
    expect(authResponseSchema.parse(retried.json()).user.id).toBe(
      authResponseSchema.parse(first.json()).user.id,
    )
    await t.db.orm.delete(idempotentRequests)
    const other = await withKey(phoneNumber, code, randomBytes(16).toString('hex'))
    expect(other.statusCode).toBe(401)
  })
})

describe('passwordless_sms/link, update, unlink', () => {
  test('default: an email user links a phone; the answer is the user and the caller’s session stays', async () => {
    const user = await emailSignIn(`sms-link${++counter}@example.com`)
    const number = freshNumber()
    const code = await smsCode(number, user.token as string)
    const response = await post('link', { phoneNumber: number, code }, user.token as string)
    expect(response.statusCode, response.body).toBe(200)
    const linked = userSchema.parse(response.json())
    expect(response.json()).not.toHaveProperty('refresh_token')
    expect(linked.id).toBe(user.user.id)
    expect(linked.linked_accounts.map((account) => account.type).sort()).toEqual(['email', 'phone'])
    // The caller keeps its access token and its refresh token (docs/linked-accounts.md#linking).
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: user.token as string })
    expect(me.statusCode).toBe(200)
    const refresh = await t.request({
      method: 'POST',
      url: '/api/v1/sessions',
      json: { refresh_token: user.refresh_token },
    })
    expect(refresh.statusCode, refresh.body).toBe(200)
    expect(authResponseSchema.parse(refresh.json()).user.linked_accounts).toHaveLength(2)
    // The phone now signs in to the same user.
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    expect((await smsSignIn(number)).user.id).toBe(user.user.id)
  })

  test('error: a second phone → 400 cannot_link_more_of_type; another user’s phone → 400 account_transfer_required', async () => {
    const owner = await smsSignIn(freshNumber())
    const other = await smsSignIn(freshNumber())
    const taken = (owner.user.linked_accounts[0] as { number: string }).number
    const code = await smsCode(taken, other.token as string)
    const response = await post('link', { phoneNumber: taken, code }, other.token as string)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'cannot_link_more_of_type' })

    const emailUser = await emailSignIn(`sms-taken${++counter}@example.com`)
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    const code2 = await smsCode(taken, emailUser.token as string)
    const conflict = await post('link', { phoneNumber: taken, code: code2 }, emailUser.token as string)
    expect(conflict.statusCode).toBe(400)
    expect(conflict.json()).toEqual({
      error: 'Account transfer required',
      code: 'account_transfer_required',
      data: expect.objectContaining({ nonce: expect.any(String) }),
    })
  })

  test('error: link without a session → 401', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless_sms/link',
      json: { phoneNumber: freshNumber(), code: '123456' },
    })
    expect(response.statusCode).toBe(401)
  })

  test('behavior: a guest who links a phone becomes a full user', async () => {
    const guest = await t.signInAsGuest()
    expect(guest.user.is_guest).toBe(true)
    const number = freshNumber()
    const code = await smsCode(number, guest.token as string)
    const response = await post('link', { phoneNumber: number, code }, guest.token as string)
    expect(response.statusCode).toBe(200)
    const upgraded = userSchema.parse(response.json())
    expect(upgraded.is_guest).toBe(false)
    expect(upgraded.linked_accounts.map((account) => account.type)).toEqual(['phone'])
    // The guest's refresh token stays valid through the upgrade.
    const refresh = await t.request({
      method: 'POST',
      url: '/api/v1/sessions',
      json: { refresh_token: guest.refresh_token },
    })
    expect(refresh.statusCode, refresh.body).toBe(200)
    expect(authResponseSchema.parse(refresh.json()).user.is_guest).toBe(false)
  })

  test('default: update replaces the linked number with a link code sent to the new one', async () => {
    const oldNumber = freshNumber()
    const user = await smsSignIn(oldNumber)
    const newNumber = freshNumber()
    // A login code for the new number does not update.
    const loginCode = await smsCode(newNumber)
    expectInvalidCode(
      await post(
        'update',
        { old_phone_number: oldNumber, new_phone_number: newNumber, code: loginCode },
        user.token as string,
      ),
    )
    const code = await smsCode(newNumber, user.token as string)
    const response = await post(
      'update',
      { old_phone_number: oldNumber, new_phone_number: newNumber, code },
      user.token as string,
    )
    expect(response.statusCode, response.body).toBe(200)
    const updated = userSchema.parse(response.json())
    expect(updated.linked_accounts).toEqual([expect.objectContaining({ type: 'phone', number: newNumber })])
    // The new number signs in to the user; the old one would be a new user.
    t.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
    expect((await smsSignIn(newNumber)).user.id).toBe(user.user.id)
    expect((await smsSignIn(oldNumber)).user.id).not.toBe(user.user.id)
  })

  test('error: update of a number the user does not have → 404 not_found', async () => {
    const user = await smsSignIn(freshNumber())
    const response = await post(
      'update',
      { old_phone_number: freshNumber(), new_phone_number: freshNumber(), code: '123456' },
      user.token as string,
    )
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'not_found' })
  })

  test('default: unlink removes the phone; the sole account cannot be unlinked', async () => {
    const user = await emailSignIn(`sms-unlink${++counter}@example.com`)
    const number = freshNumber()
    const code = await smsCode(number, user.token as string)
    expect((await post('link', { phoneNumber: number, code }, user.token as string)).statusCode).toBe(200)
    const response = await post('unlink', { phoneNumber: number }, user.token as string)
    expect(response.statusCode, response.body).toBe(200)
    expect(userSchema.parse(response.json()).linked_accounts.map((account) => account.type)).toEqual([
      'email',
    ])
    const missing = await post('unlink', { phoneNumber: number }, user.token as string)
    expect(missing.statusCode).toBe(404)

    const phoneOnly = await smsSignIn(freshNumber())
    const sole = await post(
      'unlink',
      { phoneNumber: (phoneOnly.user.linked_accounts[0] as { number: string }).number },
      phoneOnly.token as string,
    )
    expect(sole.statusCode).toBe(400)
    expect(sole.json()).toMatchObject({ code: 'cannot_unlink_sole_account' })
  })
})

describe('rate limits (security property 8)', () => {
  test('error: a burst to sequential numbers from one IP is blocked; one number is capped per hour', async () => {
    const limited = await createTestContext({
      rateLimits: {
        sms: { max: 5, timeWindowMs: 60_000 },
        codeSendsPerDestination: { max: 2, timeWindowMs: 3_600_000 },
      },
    })
    try {
      const send = (phoneNumber: string) =>
        limited.request({ method: 'POST', url: '/api/v1/passwordless_sms/init', json: { phoneNumber } })
      const statuses: number[] = []
      for (let index = 0; index < 8; index++)
        statuses.push((await send(`+1415555${String(1000 + index)}`)).statusCode)
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
      expect(statuses.slice(5)).toEqual([429, 429, 429])
    } finally {
      await limited.close()
    }
    const perNumber = await createTestContext({
      rateLimits: { codeSendsPerDestination: { max: 2, timeWindowMs: 3_600_000 } },
    })
    try {
      const send = () =>
        perNumber.request({
          method: 'POST',
          url: '/api/v1/passwordless_sms/init',
          json: { phoneNumber: '+14155552000' },
        })
      expect((await send()).statusCode).toBe(200)
      perNumber.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
      expect((await send()).statusCode).toBe(200)
      perNumber.advance((CODE_RESEND_COOLDOWN_SECONDS + 1) * 1000)
      const third = await send()
      expect(third.statusCode).toBe(429)
      expect(third.headers['retry-after']).toBeDefined()
    } finally {
      await perNumber.close()
    }
  }, 60_000)
})

describe('Twilio', () => {
  const accountSid = `AC${'1'.repeat(32)}`
  const authToken = 'secret-token'
  let twilio: TwilioStandIn
  let tw: TestContext

  beforeAll(async () => {
    twilio = await startTwilioStandIn({ accountSid, authToken, regionBlockedPrefixes: ['+86'] })
    tw = await createTestContext({
      methods: [
        sms({ twilio: { accountSid, authToken, from: '+15005550006', baseUrl: `${twilio.baseUrl}/` } }),
      ],
    })
  }, 60_000)
  afterAll(async () => {
    await tw?.close()
    await twilio?.close()
  })

  const send = (phoneNumber: string) =>
    tw.request({ method: 'POST', url: '/api/v1/passwordless_sms/init', json: { phoneNumber } })

  test('default: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded To/From/Body, Basic auth', async () => {
    const response = await send('+1 415 555 3000')
    expect(response.statusCode, response.body).toBe(200)
    const request = twilio.requests.at(-1)
    expect(request?.method).toBe('POST')
    expect(request?.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`)
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
    )
    expect(request?.contentType).toBe('application/x-www-form-urlencoded')
    const [message] = await tw.mailbox('+14155553000')
    expect(request?.form).toEqual({ To: '+14155553000', From: '+15005550006', Body: message?.text })
    expect(request?.body).toBe(
      new URLSearchParams({ To: '+14155553000', From: '+15005550006', Body: message?.text ?? '' }).toString(),
    )
    // The texted code signs in.
    const auth = await tw.request({
      method: 'POST',
      url: '/api/v1/passwordless_sms/authenticate',
      json: { phoneNumber: '+14155553000', code: message?.code },
    })
    expect(auth.statusCode).toBe(200)
  })

  test('error: 21408 / 21612 → 400 region_not_supported; the code is dead and the cooldown released', async () => {
    const blocked = await send('+86 138 0013 8000')
    expect(blocked.statusCode).toBe(400)
    expect(blocked.json()).toEqual({
      error: 'SMS authentication from this region is not available',
      code: 'region_not_supported',
    })
    expect(await tw.mailbox('+8613800138000')).toEqual([])
    expect(
      await tw.db.orm.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, '+8613800138000')),
    ).toEqual([])
    // No cooldown: the same answer at once, not 429.
    expect((await send('+8613800138000')).statusCode).toBe(400)

    twilio.fail('+14155553001', TWILIO_UNROUTABLE)
    const unroutable = await send('+14155553001')
    expect(unroutable.statusCode).toBe(400)
    expect(unroutable.json()).toMatchObject({ code: 'region_not_supported' })
    twilio.fail('+14155553002', TWILIO_REGION_NOT_ENABLED)
    expect((await send('+14155553002')).json()).toMatchObject({ code: 'region_not_supported' })
  })

  test('error: 21211 → 400 invalid_data; any other failure → 500 internal_error', async () => {
    twilio.fail('+14155553003', TWILIO_INVALID_TO)
    const invalid = await send('+14155553003')
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toEqual({ error: 'Invalid phone number', code: 'invalid_data' })
    twilio.fail('+14155553004', { status: 500, code: 20500, message: 'Internal Server Error' })
    const failed = await send('+14155553004')
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toEqual({
      error: 'Could not send the code. Please try again later.',
      code: 'internal_error',
    })
  })

  test('error: wrong credentials are a server error, never a success', async () => {
    const wrong = await createTestContext({
      db: tw.db,
      masterKey: tw.masterKey,
      methods: [
        sms({ twilio: { accountSid, authToken: 'wrong', from: '+15005550006', baseUrl: twilio.baseUrl } }),
      ],
    })
    const response = await wrong.request({
      method: 'POST',
      url: '/api/v1/passwordless_sms/init',
      json: { phoneNumber: '+14155553005' },
    })
    expect(response.statusCode).toBe(500)
    await wrong.app.close()
  })
})

describe('passwordless_sms/init without a provider', () => {
  test('error: in production with no SMS provider → 400 not_supported and no code is issued', async () => {
    const production = await createTestContext({ env: 'production' })
    try {
      const response = await production.request({
        method: 'POST',
        url: '/api/v1/passwordless_sms/init',
        json: { phoneNumber: '+14155550123' },
      })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toMatchObject({ code: 'not_supported' })
      const issued = await production.db.orm
        .select({ id: oneTimeCodes.id })
        .from(oneTimeCodes)
        .where(eq(oneTimeCodes.destination, '+14155550123'))
      expect(issued).toHaveLength(0)
    } finally {
      await production.close()
    }
  })
})
