import {
  type AuthResponse,
  authResponseSchema,
  type FrameReply,
  MFA_CHALLENGE_TTL_MS,
  MFA_INVALID_CODE_MESSAGE,
  MFA_MAX_ATTEMPTS_MESSAGE,
  MFA_TIMEOUT_MESSAGE,
  registrationResponseToWire,
  type User,
} from '@foyer/protocol'
import { createMemoryDeviceKeyStore, type DeviceKeyStore } from '@foyer/wallet-frame'
import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { Secret } from 'otpauth'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openSecret } from '../../crypto/secretBox'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { createTestDevice } from '../../test/createTestDevice'
import { forkSessions } from '../../test/forkSessions'
import { testFrameHandler } from '../../test/testFrameApi'
import { enrollTotp as enrollTotpWith, totpCodeAt } from '../../test/totpEnrolment'
import { useTestContext } from '../../test/useTestContext'
import { createSoftAuthenticator } from '../../testing/passkeys/softAuthenticator'
import { mfaMethods } from './schema'

const ORIGIN = 'http://localhost:5173'
const RP_ID = 'localhost'
const FRAME = 'http://wallet.foyer.test'
const t = useTestContext()
let counter = 0

/** The device key of each session's wallet frame, by `sid` (a session registers one key). */
const sessionKeys = new Map<string, DeviceKeyStore>()
function keysOf(token: string): DeviceKeyStore {
  const sid = String(decodeJwt(token).sid)
  let keys = sessionKeys.get(sid)
  if (!keys) {
    keys = createMemoryDeviceKeyStore()
    sessionKeys.set(sid, keys)
  }
  return keys
}

/**
 * A POST from the host page (`ORIGIN`) or from the wallet frame (`FRAME`); the frame's calls to the
 * embedded-wallet routes carry a proof by the session's device key, registered first when the server
 * allows it (else the proof names an unregistered key and is refused).
 */
async function post(url: string, json: unknown, bearer: string, origin = ORIGIN) {
  let headers: Record<string, string> = origin === FRAME ? { origin, host: new URL(FRAME).host } : { origin }
  if (origin === FRAME && url.startsWith('/api/v1/embedded_wallets/')) {
    const device = createTestDevice(t, { keys: keysOf(bearer) })
    await device.register(bearer)
    headers = await device.headers(url, bearer)
  }
  return t.request({ method: 'POST', url, json, bearer, headers })
}

async function signIn(): Promise<AuthResponse & { token: string }> {
  const response = await t.signIn(`mfa${++counter}@example.com`)
  return { ...response, token: response.token ?? '' }
}

const codeAt = totpCodeAt
const wrong = (code: string) => [...code].map((digit) => String((Number(digit) + 1) % 10)).join('')

/** Enrols TOTP for the session `token`; returns the secret. */
const enrollTotp = (token: string) => enrollTotpWith(post, token, t.now())

describe('authenticator app', () => {
  test('default: init, enroll, verify; the secret is sealed at rest (security property 14)', async () => {
    const { token, user } = await signIn()
    const init = await post('/api/v1/mfa/totp/init', {}, token)
    expect(init.statusCode).toBe(200)
    const body = init.json() as { totpSecret: string; totpAuthUrl: string }
    expect(Secret.fromBase32(body.totpSecret).bytes.length).toBe(20)
    const url = new URL(body.totpAuthUrl)
    expect(url.searchParams.get('secret')).toBe(body.totpSecret)
    expect(decodeURIComponent(url.href)).toContain(`mfa${counter}@example.com`)

    const enrolled = await post('/api/v1/mfa/totp/enroll', { code: codeAt(body.totpSecret, t.now()) }, token)
    expect(enrolled.statusCode, enrolled.body).toBe(200)
    expect((enrolled.json() as User).mfa_methods).toEqual([
      { type: 'totp', verified_at: Math.floor(t.now() / 1000) },
    ])
    const [row] = await t.db.orm
      .select()
      .from(mfaMethods)
      .where(eq(mfaMethods.userId, user.id.split(':').at(-1) ?? ''))
    expect(row?.secretSealed).toMatch(/^v1\./)
    expect(row?.secretSealed).not.toContain(body.totpSecret)
    expect(() => openSecret(new Uint8Array(32), row?.secretSealed ?? '', `mfa-totp:${row?.id}`)).toThrow()

    t.advance(30_000)
    const verified = await post('/api/v1/mfa/totp/verify', { code: codeAt(body.totpSecret, t.now()) }, token)
    expect(verified.statusCode, verified.body).toBe(200)
    expect((verified.json() as { token: string }).token).toMatch(/^[a-z0-9]{25}$/)

    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: token })
    expect((me.json() as { user: User }).user.mfa_methods.map((method) => method.type)).toEqual(['totp'])
  })

  test('error: a used time step is refused, even on a new challenge (security property 12)', async () => {
    const { token } = await signIn()
    const secret = await enrollTotp(token)
    t.advance(30_000)
    const code = codeAt(secret, t.now())
    expect((await post('/api/v1/mfa/totp/verify', { code }, token)).statusCode).toBe(200)
    // The challenge was consumed; the next call starts a new one, and the step is still used.
    const replay = await post('/api/v1/mfa/totp/verify', { code }, token)
    expect(replay.statusCode).toBe(403)
    expect(replay.json()).toEqual({ error: MFA_INVALID_CODE_MESSAGE, code: 'missing_or_invalid_mfa' })
    // Another session of the same user: still refused.
    const other = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/authenticate',
      json: { email: `mfa${counter}@example.com`, code: await t.sendCode(`mfa${counter}@example.com`) },
    })
    const otherToken = authResponseSchema.parse(other.json()).token ?? ''
    expect((await post('/api/v1/mfa/totp/verify', { code }, otherToken)).statusCode).toBe(403)
    // An earlier step within the window is refused too (steps only move forward).
    expect(
      (await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now() - 30_000) }, otherToken))
        .statusCode,
    ).toBe(403)
    t.advance(30_000)
    expect(
      (await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, otherToken)).statusCode,
    ).toBe(200)
  })

  test('error: a code two steps old is refused (security property 11)', async () => {
    const { token } = await signIn()
    const secret = await enrollTotp(token)
    t.advance(90_000)
    const old = await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now() - 60_000) }, token)
    expect(old.statusCode).toBe(403)
    const previous = await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now() - 30_000) }, token)
    expect(previous.statusCode).toBe(200)
  })

  test('error: the 4th wrong code locks the challenge for 10 s (security property 13)', async () => {
    const { token } = await signIn()
    const secret = await enrollTotp(token)
    t.advance(30_000)
    const bad = wrong(codeAt(secret, t.now()))
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await post('/api/v1/mfa/totp/verify', { code: bad }, token)
      expect(response.json()).toEqual({ error: MFA_INVALID_CODE_MESSAGE, code: 'missing_or_invalid_mfa' })
    }
    const fourth = await post('/api/v1/mfa/totp/verify', { code: bad }, token)
    expect(fourth.statusCode).toBe(403)
    expect(fourth.json()).toEqual({
      error: MFA_MAX_ATTEMPTS_MESSAGE,
      code: 'mfa_verification_max_attempts_reached',
    })
    // Even the right code is refused while locked.
    const locked = await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, token)
    expect(locked.json()).toMatchObject({ code: 'mfa_verification_max_attempts_reached' })
    t.advance(10_000)
    const after = await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, token)
    expect(after.statusCode, after.body).toBe(200)
  })

  test('error: an enrolment challenge expires after 300,000 ms', async () => {
    const { token } = await signIn()
    const init = await post('/api/v1/mfa/totp/init', {}, token)
    const { totpSecret } = init.json() as { totpSecret: string }
    t.advance(MFA_CHALLENGE_TTL_MS)
    const late = await post('/api/v1/mfa/totp/enroll', { code: codeAt(totpSecret, t.now()) }, token)
    expect(late.statusCode).toBe(403)
    expect(late.json()).toEqual({ error: MFA_TIMEOUT_MESSAGE, code: 'mfa_timeout' })
  })

  test('error: malformed codes are 400 invalid_data; verify without enrolment is refused', async () => {
    const { token } = await signIn()
    const malformed = await post('/api/v1/mfa/totp/verify', { code: '12ab56' }, token)
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ code: 'invalid_data' })
    const none = await post('/api/v1/mfa/totp/verify', { code: '123456' }, token)
    expect(none.statusCode).toBe(403)
    expect(none.json()).toMatchObject({ code: 'missing_or_invalid_mfa' })
    const unauthenticated = await t.request({ method: 'POST', url: '/api/v1/mfa/totp/init', json: {} })
    expect(unauthenticated.statusCode).toBe(401)
  })

  test('default: unenroll needs a fresh verification (security property 16), which it spends', async () => {
    const { token } = await signIn()
    const secret = await enrollTotp(token)
    const refused = await post('/api/v1/mfa/totp/unenroll', {}, token)
    expect(refused.json()).toMatchObject({ code: 'missing_or_invalid_mfa' })
    t.advance(30_000)
    await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, token)
    const removed = await post('/api/v1/mfa/totp/unenroll', {}, token)
    expect(removed.json()).toEqual({ success: true })
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: token })
    expect((me.json() as { user: User }).user.mfa_methods).toEqual([])
  })

  test('default: changing the email needs a fresh verification (security property 16), which it spends', async () => {
    const { token, user } = await signIn()
    let address = (user.linked_accounts[0] as { address: string }).address
    const secret = await enrollTotp(token)
    const update = async () => {
      const newAddress = `mfa-new${++counter}@example.com`
      await post('/api/v1/passwordless/init', { email: newAddress }, token)
      const code = (await t.mailbox(newAddress))[0]?.code as string
      const response = await post(
        '/api/v1/passwordless/update',
        { oldAddress: address, newAddress, code },
        token,
      )
      if (response.statusCode === 200) address = newAddress
      return response
    }
    const refused = await update()
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'missing_or_invalid_mfa' })
    t.advance(30_000)
    await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, token)
    const updated = await update()
    expect(updated.statusCode, updated.body).toBe(200)
    expect((updated.json() as User).linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address }),
    ])
    // The change spent the verification: the next one asks again.
    expect((await update()).json()).toMatchObject({ code: 'missing_or_invalid_mfa' })
  })
})

describe('wrong attempts are counted per user and factor, across sessions', () => {
  const maxAttemptsBody = { error: MFA_MAX_ATTEMPTS_MESSAGE, code: 'mfa_verification_max_attempts_reached' }
  const invalidBody = { error: MFA_INVALID_CODE_MESSAGE, code: 'missing_or_invalid_mfa' }

  test('error: 12 wrong TOTP codes across 12 forked sessions lock the factor for every session; the lock ends after its wait', async () => {
    const auth = await signIn()
    const secret = await enrollTotp(auth.token)
    const sessions = await forkSessions(t, auth, 12)
    t.advance(30_000)
    const answers: unknown[] = []
    for (const token of sessions) {
      const bad = wrong(codeAt(secret, t.now()))
      answers.push((await post('/api/v1/mfa/totp/verify', { code: bad }, token)).json())
    }
    // One count for all sessions: the 4th wrong code locks the factor, the 8 other sessions find it locked.
    expect(answers).toEqual([
      invalidBody,
      invalidBody,
      invalidBody,
      ...Array.from({ length: 9 }, () => maxAttemptsBody),
    ])
    // Locked for every session, the right code included, the original session and the 12 forks alike.
    for (const token of [auth.token, ...sessions]) {
      const right = await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, token)
      expect(right.statusCode).toBe(403)
      expect(right.json()).toEqual(maxAttemptsBody)
    }
    // The first lock-out is 10 s; then any session verifies, and the count starts again.
    t.advance(10_000)
    const after = await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, sessions[11] ?? '')
    expect(after.statusCode, after.body).toBe(200)
  })

  test('behavior: the lock-out escalates — 10 s, then 30 s, then 90 s — and a success resets it', async () => {
    const auth = await signIn()
    const secret = await enrollTotp(auth.token)
    const sessions = await forkSessions(t, auth, 12)
    t.advance(30_000)
    let next = 0
    /** Four wrong codes, each from the next session: the fourth locks. */
    const lockOnce = async () => {
      for (let attempt = 1; attempt <= 4; attempt++) {
        const token = sessions[next++ % sessions.length] ?? ''
        const response = await post(
          '/api/v1/mfa/totp/verify',
          { code: wrong(codeAt(secret, t.now())) },
          token,
        )
        expect(response.json()).toEqual(attempt < 4 ? invalidBody : maxAttemptsBody)
      }
    }
    const isLocked = async () =>
      (
        await post('/api/v1/mfa/totp/verify', { code: '000000' }, sessions[next++ % sessions.length] ?? '')
      ).json() as unknown
    // Probes while locked take no attempt; probing with a right code would end the count.
    await lockOnce()
    t.advance(9_999)
    expect(await isLocked()).toEqual(maxAttemptsBody)
    t.advance(1)
    await lockOnce()
    t.advance(29_999)
    expect(await isLocked()).toEqual(maxAttemptsBody)
    t.advance(1)
    await lockOnce()
    t.advance(89_999)
    expect(await isLocked()).toEqual(maxAttemptsBody)
    t.advance(1)
    // A success clears the count and the escalation: the next lock-out is 10 s again.
    t.advance(30_000)
    const right = await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, sessions[0] ?? '')
    expect(right.statusCode, right.body).toBe(200)
    await lockOnce()
    t.advance(10_000)
    t.advance(30_000)
    const again = await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, sessions[1] ?? '')
    expect(again.statusCode, again.body).toBe(200)
  })
})

describe('identifier and passkey changes of a user with a factor need a fresh verification', () => {
  const authenticator = createSoftAuthenticator()
  const requiredBody = { error: 'MFA verification required', code: 'missing_or_invalid_mfa' }

  test('error: an unverified session of an MFA user cannot link or unlink an email, phone or passkey; it can after verifying', async () => {
    const auth = await signIn()
    const token = auth.token
    const secret = await enrollTotp(token)
    const verify = async () => {
      t.advance(30_000)
      const verified = await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, token)
      expect(verified.statusCode, verified.body).toBe(200)
    }
    const expectRefused = (response: { statusCode: number; json(): unknown }) => {
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual(requiredBody)
    }
    const linkedTypes = async () => {
      const me = await t.request({ method: 'GET', url: '/api/v1/users/me', bearer: token })
      return (me.json() as { user: User }).user.linked_accounts.map((account) => account.type).sort()
    }

    const firstEmail = (auth.user.linked_accounts[0] as { address: string }).address

    // Link a phone: refused, and the code is not used up, so it links once the session verifies.
    const phoneNumber = `+1415${String(5_700_000 + ++counter).padStart(7, '0')}`
    await post('/api/v1/passwordless_sms/init', { phoneNumber }, token)
    const phoneCode = (await t.mailbox(phoneNumber))[0]?.code ?? ''
    expectRefused(await post('/api/v1/passwordless_sms/link', { phoneNumber, code: phoneCode }, token))
    await verify()
    const linkedPhone = await post('/api/v1/passwordless_sms/link', { phoneNumber, code: phoneCode }, token)
    expect(linkedPhone.statusCode, linkedPhone.body).toBe(200)

    // Unlink the email: refused, then done after a verification.
    expectRefused(await post('/api/v1/passwordless/unlink', { address: firstEmail }, token))
    expect(await linkedTypes()).toEqual(['email', 'phone'])
    await verify()
    const unlinkedEmail = await post('/api/v1/passwordless/unlink', { address: firstEmail }, token)
    expect(unlinkedEmail.statusCode, unlinkedEmail.body).toBe(200)

    // Link another email: the same as the phone.
    const email = `mfa-link${++counter}@example.com`
    await post('/api/v1/passwordless/init', { email }, token)
    const emailCode = (await t.mailbox(email))[0]?.code ?? ''
    expectRefused(await post('/api/v1/passwordless/link', { email, code: emailCode }, token))
    await verify()
    const linkedEmail = await post('/api/v1/passwordless/link', { email, code: emailCode }, token)
    expect(linkedEmail.statusCode, linkedEmail.body).toBe(200)

    // Link a passkey: its init and the link itself are refused without a fresh verification; so is
    // unlinking the phone.
    expectRefused(await post('/api/v1/passkeys/link/init', {}, token))
    expectRefused(await post('/api/v1/passwordless_sms/unlink', { phoneNumber }, token))
    await verify()
    const linkInit = await post('/api/v1/passkeys/link/init', {}, token)
    expect(linkInit.statusCode, linkInit.body).toBe(200)
    const { options } = linkInit.json() as { options: { challenge: string } }
    const { response } = authenticator.register({ challenge: options.challenge, origin: ORIGIN, rpId: RP_ID })
    // Unlinking the phone spends that verification: the passkey link then asks again.
    const unlinkedPhone = await post('/api/v1/passwordless_sms/unlink', { phoneNumber }, token)
    expect(unlinkedPhone.statusCode, unlinkedPhone.body).toBe(200)
    const passkeyLink = { relying_party: RP_ID, authenticator_response: registrationResponseToWire(response) }
    expectRefused(await post('/api/v1/passkeys/link', passkeyLink, token))
    await verify()
    const linkedPasskey = await post('/api/v1/passkeys/link', passkeyLink, token)
    expect(linkedPasskey.statusCode, linkedPasskey.body).toBe(200)
    expect(await linkedTypes()).toEqual(['email', 'passkey'])

    // Unlink the passkey: refused, then done after a verification.
    const unlinkPasskey = () => post('/api/v1/passkeys/unlink', { credential_id: response.id }, token)
    expectRefused(await unlinkPasskey())
    await verify()
    expect((await unlinkPasskey()).statusCode).toBe(200)
    expect(await linkedTypes()).toEqual(['email'])
  })
})

describe('SMS', () => {
  const number = () => `+1415${String(5_600_000 + ++counter).padStart(7, '0')}`
  const lastCode = async (to: string) => (await t.mailbox(to))[0]?.code ?? ''

  test('default: enroll and verify through the SMS sender; adding TOTP then needs a fresh verification', async () => {
    const { token } = await signIn()
    const phoneNumber = number()
    const init = await post('/api/v1/mfa/passwordless_sms/init', { action: 'enroll', phoneNumber }, token)
    expect(init.json()).toEqual({ success: true })
    const enrolled = await post(
      '/api/v1/mfa/passwordless_sms/enroll',
      { code: await lastCode(phoneNumber), phoneNumber },
      token,
    )
    expect(enrolled.statusCode, enrolled.body).toBe(200)
    expect((enrolled.json() as User).mfa_methods.map((method) => method.type)).toEqual(['sms'])

    // Enrolling a second factor needs a fresh verification.
    const refused = await post('/api/v1/mfa/totp/init', {}, token)
    expect(refused.json()).toMatchObject({ code: 'missing_or_invalid_mfa' })
    // The verification code right after the enrolment code: each action has its own resend cooldown.
    expect((await post('/api/v1/mfa/passwordless_sms/init', { action: 'verify' }, token)).statusCode).toBe(
      200,
    )
    const verified = await post(
      '/api/v1/mfa/passwordless_sms/verify',
      { code: await lastCode(phoneNumber) },
      token,
    )
    expect(verified.statusCode, verified.body).toBe(200)
    await enrollTotp(token)
    // Spent: a third change asks again.
    expect((await post('/api/v1/mfa/passwordless_sms/unenroll', {}, token)).statusCode).toBe(403)
  })

  test('error: a wrong code or another number is refused; a resent code replaces the old one', async () => {
    const { token } = await signIn()
    const phoneNumber = number()
    await post('/api/v1/mfa/passwordless_sms/init', { action: 'enroll', phoneNumber }, token)
    const first = await lastCode(phoneNumber)
    const other = await post(
      '/api/v1/mfa/passwordless_sms/enroll',
      { code: first, phoneNumber: number() },
      token,
    )
    expect(other.json()).toMatchObject({ code: 'missing_or_invalid_mfa' })
    t.advance(30_000) // the number's resend cooldown
    const resent = await post('/api/v1/mfa/passwordless_sms/init', { action: 'enroll', phoneNumber }, token)
    expect(resent.statusCode, resent.body).toBe(200)
    const second = await lastCode(phoneNumber)
    if (first !== second) {
      const stale = await post('/api/v1/mfa/passwordless_sms/enroll', { code: first, phoneNumber }, token)
      expect(stale.json()).toMatchObject({ code: 'missing_or_invalid_mfa' })
    }
    const ok = await post('/api/v1/mfa/passwordless_sms/enroll', { code: second, phoneNumber }, token)
    expect(ok.statusCode, ok.body).toBe(200)
  })

  test("error: 'Disabled' for a user who signs in with SMS", async () => {
    const phoneNumber = number()
    await t.request({ method: 'POST', url: '/api/v1/passwordless_sms/init', json: { phoneNumber } })
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless_sms/authenticate',
      json: { phoneNumber, code: await lastCode(phoneNumber) },
    })
    const token = authResponseSchema.parse(signedIn.json()).token ?? ''
    const refused = await post(
      '/api/v1/mfa/passwordless_sms/init',
      { action: 'enroll', phoneNumber: number() },
      token,
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'invalid_request' })
  })
})

describe('SMS throttles', () => {
  const number = () => `+1415${String(5_800_000 + ++counter).padStart(7, '0')}`
  const texts = async (to: string) => (await t.mailbox(to)).length
  const tooMany = { code: 'too_many_requests' }

  test('error: a second MFA SMS to a number within 30 s is refused with 429, from any session; after 30 s it is sent', async () => {
    const phoneNumber = number()
    const first = await signIn()
    const second = await signIn()
    const init = (token: string) =>
      post('/api/v1/mfa/passwordless_sms/init', { action: 'enroll', phoneNumber }, token)
    expect((await init(first.token)).statusCode).toBe(200)
    const again = await init(first.token)
    expect(again.statusCode).toBe(429)
    expect(again.json()).toMatchObject(tooMany)
    // Another account cannot text the number either: the cooldown is the number's.
    expect((await init(second.token)).json()).toMatchObject(tooMany)
    expect(await texts(phoneNumber)).toBe(1)
    t.advance(30_000)
    expect((await init(second.token)).statusCode).toBe(200)
    expect(await texts(phoneNumber)).toBe(2)
  })

  test('error: a new SMS code does not reset the wrong-attempt count; a locked factor is not texted', async () => {
    const { token } = await signIn()
    const phoneNumber = number()
    await post('/api/v1/mfa/passwordless_sms/init', { action: 'enroll', phoneNumber }, token)
    const code = (await t.mailbox(phoneNumber))[0]?.code ?? ''
    const enrolled = await post('/api/v1/mfa/passwordless_sms/enroll', { code, phoneNumber }, token)
    expect(enrolled.statusCode, enrolled.body).toBe(200)
    const wrongCode = async () => {
      const sent = (await t.mailbox(phoneNumber))[0]?.code ?? ''
      return (await post('/api/v1/mfa/passwordless_sms/verify', { code: wrong(sent) }, token)).json()
    }
    t.advance(30_000)
    expect((await post('/api/v1/mfa/passwordless_sms/init', { action: 'verify' }, token)).statusCode).toBe(
      200,
    )
    for (let attempt = 1; attempt <= 3; attempt++)
      expect(await wrongCode()).toEqual({ error: MFA_INVALID_CODE_MESSAGE, code: 'missing_or_invalid_mfa' })
    // A new code: its first wrong answer is the factor's 4th, which locks it.
    t.advance(30_000)
    expect((await post('/api/v1/mfa/passwordless_sms/init', { action: 'verify' }, token)).statusCode).toBe(
      200,
    )
    expect(await wrongCode()).toEqual({
      error: MFA_MAX_ATTEMPTS_MESSAGE,
      code: 'mfa_verification_max_attempts_reached',
    })
    // Locked: no new code is texted until the lock-out ends.
    const before = await texts(phoneNumber)
    t.advance(5_000)
    const locked = await post('/api/v1/mfa/passwordless_sms/init', { action: 'verify' }, token)
    expect(locked.json()).toMatchObject({ code: 'mfa_verification_max_attempts_reached' })
    expect(await texts(phoneNumber)).toBe(before)
    t.advance(30_000)
    expect((await post('/api/v1/mfa/passwordless_sms/init', { action: 'verify' }, token)).statusCode).toBe(
      200,
    )
    const sent = (await t.mailbox(phoneNumber))[0]?.code ?? ''
    const verified = await post('/api/v1/mfa/passwordless_sms/verify', { code: sent }, token)
    expect(verified.statusCode, verified.body).toBe(200)
  })

  describe('with rate limits on', () => {
    let limited: TestContext
    beforeAll(async () => {
      limited = await createTestContext({
        rateLimits: { codeSendsPerDestination: { max: 3, timeWindowMs: 3_600_000 } },
      })
    }, 60_000)
    afterAll(async () => {
      await limited?.close()
    })
    const mfaInit = (token: string, phoneNumber: string) =>
      limited.request({
        method: 'POST',
        url: '/api/v1/mfa/passwordless_sms/init',
        json: { action: 'enroll', phoneNumber },
        bearer: token,
        headers: { origin: ORIGIN },
      })

    test('error: MFA SMS to a number counts against the per-number cap of sign-in SMS (429 with Retry-After)', async () => {
      const phoneNumber = number()
      for (let send = 0; send < 2; send++) {
        const signInSend = await limited.request({
          method: 'POST',
          url: '/api/v1/passwordless_sms/init',
          json: { phoneNumber },
        })
        expect(signInSend.statusCode, signInSend.body).toBe(200)
        limited.advance(30_000)
      }
      const token = (await limited.signIn(`limited${++counter}@example.com`)).token ?? ''
      expect((await mfaInit(token, phoneNumber)).statusCode).toBe(200)
      limited.advance(30_000)
      const capped = await mfaInit(token, phoneNumber)
      expect(capped.statusCode).toBe(429)
      expect(capped.json()).toMatchObject(tooMany)
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0)
      // …and the sign-in path finds the number capped too.
      const signInSend = await limited.request({
        method: 'POST',
        url: '/api/v1/passwordless_sms/init',
        json: { phoneNumber },
      })
      expect(signInSend.statusCode).toBe(429)
      expect((await limited.mailbox(phoneNumber)).length).toBe(3)
    })

    test('error: one account texts at most the per-destination cap of MFA SMS, whatever the numbers', async () => {
      const token = (await limited.signIn(`limited${++counter}@example.com`)).token ?? ''
      for (let send = 0; send < 3; send++) expect((await mfaInit(token, number())).statusCode).toBe(200)
      const fourth = number()
      const capped = await mfaInit(token, fourth)
      expect(capped.statusCode).toBe(429)
      expect(capped.json()).toMatchObject(tooMany)
      expect((await limited.mailbox(fourth)).length).toBe(0)
    })
  })
})

describe('passkey', () => {
  const authenticator = createSoftAuthenticator()

  test('default: enrol a linked passkey, verify with user verification; it cannot be unlinked', async () => {
    const { token } = await signIn()
    const linkInit = await post('/api/v1/passkeys/link/init', {}, token)
    const { options } = linkInit.json() as { options: { challenge: string } }
    const { response, credential } = authenticator.register({
      challenge: options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
    })
    const linked = await post(
      '/api/v1/passkeys/link',
      { relying_party: RP_ID, authenticator_response: registrationResponseToWire(response) },
      token,
    )
    expect(linked.statusCode, linked.body).toBe(200)

    const enrolled = await post('/api/v1/mfa/passkeys/enrollment', { credential_ids: [response.id] }, token)
    expect(enrolled.statusCode, enrolled.body).toBe(200)
    const user = enrolled.json() as User
    expect(user.mfa_methods.map((method) => method.type)).toEqual(['passkey'])
    expect(user.linked_accounts.find((account) => account.type === 'passkey')).toMatchObject({
      enrolled_in_mfa: true,
    })

    const init = await post('/api/v1/mfa/passkeys/init', {}, token)
    expect(init.statusCode, init.body).toBe(200)
    const initBody = init.json() as {
      options: {
        challenge: string
        rp_id: string
        timeout: number
        user_verification: string
        allow_credentials: Array<{ id: string }>
      }
    }
    expect(initBody.options).toMatchObject({
      rp_id: RP_ID,
      timeout: 300_000,
      user_verification: 'required',
      allow_credentials: [{ id: response.id, type: 'public-key' }],
    })
    const toWire = (assertion: ReturnType<typeof authenticator.assert>) => ({
      id: assertion.id,
      raw_id: assertion.rawId,
      type: 'public-key',
      response: {
        authenticator_data: assertion.response.authenticatorData,
        client_data_json: assertion.response.clientDataJSON,
        signature: assertion.response.signature,
      },
      client_extension_results: {},
    })
    // security property 49: an assertion without user verification (presence only) is refused.
    const presenceOnly = toWire(
      authenticator.assert({
        credential,
        challenge: initBody.options.challenge,
        origin: ORIGIN,
        rpId: RP_ID,
        counter: 1,
        userVerified: false,
      }),
    )
    const unverified = await post(
      '/api/v1/mfa/passkeys/verify',
      { authenticator_response: presenceOnly },
      token,
      FRAME,
    )
    // The same credential, counter and a live challenge: only the missing UV flag differs from the
    // assertion that passes below.
    expect(unverified.statusCode).toBe(403)
    expect(unverified.json()).toMatchObject({ code: 'missing_or_invalid_mfa' })
    const again = await post('/api/v1/mfa/passkeys/init', {}, token)
    initBody.options.challenge = (again.json() as typeof initBody).options.challenge
    const assertion = authenticator.assert({
      credential,
      challenge: initBody.options.challenge,
      origin: ORIGIN,
      rpId: RP_ID,
      counter: 2,
    })
    const snake = toWire(assertion)
    const verified = await post(
      '/api/v1/mfa/passkeys/verify',
      { authenticator_response: snake },
      token,
      FRAME,
    )
    expect(verified.statusCode, verified.body).toBe(200)
    // The same assertion again: the challenge verified once.
    const replay = await post('/api/v1/mfa/passkeys/verify', { authenticator_response: snake }, token, FRAME)
    expect(replay.statusCode).toBe(403)

    const unlink = await post('/api/v1/passkeys/unlink', { credential_id: response.id }, token)
    expect(unlink.statusCode).toBe(400)
    expect(unlink.json()).toEqual({
      error: 'Cannot unlink a passkey enrolled in MFA',
      code: 'invalid_request',
    })
  })

  test('error: enrolling a passkey that is not the user’s is 404', async () => {
    const { token } = await signIn()
    const response = await post('/api/v1/mfa/passkeys/enrollment', { credential_ids: ['bm90LW1pbmU'] }, token)
    expect(response.statusCode).toBe(404)
  })
})

describe('what MFA protects (security properties 15, 16, 54 and 63)', () => {
  function frames(deviceKeys = createMemoryDeviceKeyStore()) {
    let id = 0
    const wallet = testFrameHandler(t, { deviceKeys })
    return {
      wallet: (event: string, data: unknown): Promise<FrameReply> =>
        wallet.handle({ id: `m${++id}`, event, data }),
    }
  }
  const entropy = (address: string) => ({ chain_type: 'ethereum', entropy_id: address })

  async function userWithWallet() {
    const session = await signIn()
    const device = frames(keysOf(session.token))
    const created = await device.wallet('privy:wallets:create', { accessToken: session.token })
    if ('error' in created) throw new Error(created.error.message)
    return { ...session, device, address: (created.data as { address: string }).address }
  }

  test('default: without a factor the auth share is released; with one it needs a verification in the window', async () => {
    const { token, address } = await userWithWallet()
    expect(
      (await post('/api/v1/embedded_wallets/auth_share', entropy(address), token, FRAME)).statusCode,
    ).toBe(200)
    const secret = await enrollTotp(token)
    // Enrolment proved the factor: the share is released within the window...
    expect(
      (await post('/api/v1/embedded_wallets/auth_share', entropy(address), token, FRAME)).statusCode,
    ).toBe(200)
    // ...and refused after it (15 min), as is the recovery material.
    t.advance(15 * 60_000 + 1)
    const refused = await post('/api/v1/embedded_wallets/auth_share', entropy(address), token, FRAME)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ error: 'MFA verification required', code: 'missing_or_invalid_mfa' })
    expect(
      (await post('/api/v1/embedded_wallets/recovery_material', entropy(address), token, FRAME)).statusCode,
    ).toBe(403)
    await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, token)
    expect(
      (await post('/api/v1/embedded_wallets/auth_share', entropy(address), token, FRAME)).statusCode,
    ).toBe(200)
  })

  test('default: the verification is the session’s, not the user’s', async () => {
    const { token, address, user } = await userWithWallet()
    const secret = await enrollTotp(token)
    const email = user.linked_accounts.find((account) => account.type === 'email')
    const address2 = email && 'address' in email ? email.address : ''
    t.advance(30_000)
    const other = await t.signIn(address2)
    const refused = await post(
      '/api/v1/embedded_wallets/auth_share',
      entropy(address),
      other.token ?? '',
      FRAME,
    )
    expect(refused.statusCode).toBe(403)
    t.advance(30_000)
    await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, other.token ?? '')
    expect(
      (await post('/api/v1/embedded_wallets/auth_share', entropy(address), other.token ?? '', FRAME))
        .statusCode,
    ).toBe(200)
  })

  test('default: export always asks — each export spends one verification', async () => {
    const { token, address } = await userWithWallet()
    const secret = await enrollTotp(token)
    // Inside the window, but no unspent verification: refused.
    expect((await post('/api/v1/embedded_wallets/export', entropy(address), token, FRAME)).statusCode).toBe(
      403,
    )
    t.advance(30_000)
    await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, token)
    expect((await post('/api/v1/embedded_wallets/export', entropy(address), token, FRAME)).statusCode).toBe(
      200,
    )
    const again = await post('/api/v1/embedded_wallets/export', entropy(address), token, FRAME)
    expect(again.statusCode).toBe(403)
    expect(again.json()).toMatchObject({ code: 'missing_or_invalid_mfa' })
    // Signing still works in the window.
    expect(
      (await post('/api/v1/embedded_wallets/auth_share', entropy(address), token, FRAME)).statusCode,
    ).toBe(200)
  })

  test('default: signing in the frame is refused with missing_or_invalid_mfa, then works after verifying', async () => {
    const { token, address } = await userWithWallet()
    const secret = await enrollTotp(token)
    t.advance(15 * 60_000 + 1)
    // The frame reloaded (empty memory, same browser): connecting needs the auth share.
    const device = frames(keysOf(token))
    const connect = () =>
      device.wallet('privy:wallets:connect', {
        accessToken: token,
        chainType: 'ethereum',
        entropyId: address,
      })
    const sign = () =>
      device.wallet('privy:wallets:rpc', {
        accessToken: token,
        chainType: 'ethereum',
        entropyId: address,
        walletIndex: 0,
        request: { method: 'personal_sign', params: ['0x68656c6c6f', address] },
      })
    const refused = await connect()
    expect(refused, JSON.stringify(refused)).toMatchObject({
      error: { type: 'missing_or_invalid_mfa', message: 'MFA verification required' },
    })
    await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, token, FRAME)
    const connected = await connect()
    expect('data' in connected, JSON.stringify(connected)).toBe(true)
    const signed = await sign()
    expect(signed).toMatchObject({ data: { method: 'personal_sign' } })
  })

  test('default: the frame events enrol, verify and remove the authenticator app', async () => {
    const { token, device } = await userWithWallet()
    const init = await device.wallet('privy:mfa:init-enrollment', { accessToken: token, method: 'totp' })
    if (!('data' in init)) throw new Error(JSON.stringify(init))
    const { secret, authUrl } = init.data as { secret: string; authUrl: string }
    expect(new URL(authUrl).searchParams.get('secret')).toBe(secret)
    const wrongSubmit = await device.wallet('privy:mfa:submit-enrollment', {
      accessToken: token,
      method: 'totp',
      mfaCode: wrong(codeAt(secret, t.now())),
    })
    expect(wrongSubmit).toMatchObject({
      error: { type: 'missing_or_invalid_mfa', message: MFA_INVALID_CODE_MESSAGE },
    })
    const submitted = await device.wallet('privy:mfa:submit-enrollment', {
      accessToken: token,
      method: 'totp',
      mfaCode: codeAt(secret, t.now()),
    })
    expect(submitted).toMatchObject({ data: { method: 'totp' } })
    const refused = await device.wallet('privy:mfa:unenroll', { accessToken: token, method: 'totp' })
    expect(refused).toMatchObject({ error: { type: 'missing_or_invalid_mfa' } })
    t.advance(30_000)
    const verified = await device.wallet('privy:mfa:verify', {
      accessToken: token,
      mfaMethod: 'totp',
      mfaCode: codeAt(secret, t.now()),
    })
    expect(verified).toMatchObject({ data: { method: 'totp' } })
    expect(await device.wallet('privy:mfa:unenroll', { accessToken: token, method: 'totp' })).toMatchObject({
      data: { method: 'totp' },
    })
  })

  test('error: a guest cannot enrol (security property 54)', async () => {
    const guest = await t.request({
      method: 'POST',
      url: '/api/v1/guest/authenticate',
      json: { guest_credential: Buffer.alloc(32, ++counter).toString('base64url') },
    })
    const token = authResponseSchema.parse(guest.json()).token ?? ''
    const refused = await post('/api/v1/mfa/totp/init', {}, token)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      error: 'Enrolling in MFA is not available to guest accounts. Link an email, phone or wallet first.',
      code: 'missing_or_invalid_mfa',
    })
    const sms = await post(
      '/api/v1/mfa/passwordless_sms/init',
      { action: 'enroll', phoneNumber: '+14155550199' },
      token,
    )
    expect(sms.statusCode).toBe(403)
  })
})
