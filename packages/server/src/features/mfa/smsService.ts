import { createHmac, timingSafeEqual } from 'node:crypto'
import { maskPhoneNumber, type User } from '@foyer/protocol'
import { and, eq } from 'drizzle-orm'
import { deriveKey } from '../../crypto/deriveKey'
import { randomId } from '../../crypto/randomId'
import { foyerError } from '../../errors/foyerError'
import { issueCode } from '../passwordless/service'
import { toE164 } from '../sms/phoneNumber'
import type { SmsContext } from '../sms/smsSender'
import { linkedAccounts } from '../users/schema'
import { consumeChallenge, failAttempt, type MfaPurpose, startChallenge, takeAttempt } from './challenges'
import type { MfaActor } from './completeEnrollment'
import { completeEnrollment } from './completeEnrollment'
import { assertFactorNotLocked } from './factorAttempts'
import { assertMethodOffered, assertNotEnrolled, deleteMethod, requireMethod } from './methods'
import { assertMfaVerified, assertNotGuest, recordVerification } from './verifications'

/** HMAC-SHA256 (hex) of an MFA code bound to its session, purpose and number (key: HKDF sub-key). */
function mfaCodeHmac(
  context: SmsContext,
  parameters: { sessionId: string; purpose: MfaPurpose; phoneNumber: string; code: string },
): string {
  return createHmac('sha256', deriveKey(context.masterKey, 'mfa-code-hmac'))
    .update([parameters.sessionId, parameters.purpose, parameters.phoneNumber, parameters.code].join('\n'))
    .digest('hex')
}

function sameHmac(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** True when the user signs in with a phone number (a linked `phone` account). */
async function signsInWithSms(context: SmsContext, userId: string): Promise<boolean> {
  const [row] = await context.db.orm
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.type, 'phone')))
    .limit(1)
  return Boolean(row)
}

/**
 * Throttles of an MFA code send, given by the route (they need the request): the per-account and
 * per-number caps, awaited once the number is known and before a code is issued.
 */
export type MfaSmsSendThrottle = (phoneNumber: string) => Promise<void>

/**
 * `mfa/passwordless_sms/init`: texts a new 6-digit code through the server's SMS sender and makes it the
 * session's challenge (4 attempts, 300 s; a new init replaces the code, but not the count of wrong attempts,
 * which is the factor's across all sessions; docs/mfa.md#lock-out).
 * - `{ action: 'enroll', phoneNumber }`: refused to guests, to users who sign in with SMS (400
 *   `invalid_request`: SMS shows as 'Disabled'), when already enrolled (400 `resource_conflict`) and, when
 *   another factor is enrolled, without a fresh verification (403 `missing_or_invalid_mfa`);
 * - `{ action: 'verify' }`: to the enrolled number (403 `missing_or_invalid_mfa` without one; 403
 *   `mfa_verification_max_attempts_reached`, and no text, while the factor is locked out).
 * Sends have the sign-in SMS throttles (docs/mfa.md#sms): `throttle` (per-account and per-number caps, 429
 * `too_many_requests`), then the 30 s resend cooldown per number and action of the shared `issueCode`
 * (429 `too_many_requests`), as sign-in and link codes have one each. A failed send answers 400 `twilio_verification_failed` and releases the cooldown.
 */
export async function initSms(
  context: SmsContext,
  actor: MfaActor,
  body: { action: 'verify' } | { action: 'enroll'; phoneNumber: string },
  throttle: MfaSmsSendThrottle = async () => {},
): Promise<{ success: true }> {
  const { app, sessionId, userId } = actor
  let phoneNumber: string
  if (body.action === 'enroll') {
    await assertNotGuest(context, { userId, action: 'Enrolling in MFA' })
    assertMethodOffered(app, 'sms')
    if (await signsInWithSms(context, userId)) throw foyerError('smsMfaUnavailable')
    await assertNotEnrolled(context, { userId, type: 'sms' })
    await assertMfaVerified(context, { sessionId, userId, need: 'fresh' })
    phoneNumber = toE164(body.phoneNumber)
  } else {
    phoneNumber = (await requireMethod(context, { userId, type: 'sms' })).phoneNumber ?? ''
    await assertFactorNotLocked(context, { appId: app.id, userId, method: 'sms' })
  }
  if (!context.sms.delivers && context.env === 'production') throw foyerError('smsNotConfigured')
  await throttle(phoneNumber)
  const purpose = body.action
  // The sign-in code path issues the code: its row of (app, number, purpose) times the 30 s cooldown.
  await issueCode(context, app, {
    destination: phoneNumber,
    purpose: `mfa_${purpose}`,
    deliver: async (code) => {
      await startChallenge(
        context,
        { appId: app.id, userId, sessionId, method: 'sms', purpose },
        {
          replace: 'always',
          fields: { codeHmac: mfaCodeHmac(context, { sessionId, purpose, phoneNumber, code }), phoneNumber },
        },
      )
      try {
        await context.sms.send({
          to: phoneNumber,
          body: `${code} is your ${app.name} verification code. It expires in 5 minutes.`,
          code,
        })
      } catch (error) {
        context.log.error({ err: error, to: maskPhoneNumber(phoneNumber) }, 'sending the MFA code SMS failed')
        throw foyerError('mfaCodeNotSent')
      }
    },
  })
  return { success: true }
}

/** Checks `code` against the session's SMS challenge of `purpose` (one attempt); returns its number. */
async function checkSmsCode(
  context: SmsContext,
  actor: MfaActor,
  parameters: { purpose: MfaPurpose; code: string; phoneNumber?: string },
): Promise<{ phoneNumber: string; token: string }> {
  const { app, sessionId, userId } = actor
  const challenge = await takeAttempt(context, {
    appId: app.id,
    userId,
    sessionId,
    method: 'sms',
    purpose: parameters.purpose,
  })
  const phoneNumber = challenge.phoneNumber ?? ''
  if (parameters.phoneNumber !== undefined && parameters.phoneNumber !== phoneNumber)
    return failAttempt(context, challenge)
  const expected = mfaCodeHmac(context, {
    sessionId,
    purpose: parameters.purpose,
    phoneNumber,
    code: parameters.code,
  })
  if (!sameHmac(expected, challenge.codeHmac ?? '')) return failAttempt(context, challenge)
  await consumeChallenge(context, challenge)
  return { phoneNumber, token: challenge.id }
}

/**
 * `mfa/passwordless_sms/enroll` `{ code, phoneNumber }`: the code texted by the 'enroll' init, for that same
 * number, enrols SMS (spends a fresh verification when another factor is enrolled). Returns the user.
 */
export async function enrollSms(
  context: SmsContext,
  actor: MfaActor,
  body: { code: string; phoneNumber: string },
): Promise<User> {
  const { app, sessionId, userId } = actor
  await assertNotGuest(context, { userId, action: 'Enrolling in MFA' })
  assertMethodOffered(app, 'sms')
  await assertMfaVerified(context, { sessionId, userId, need: 'fresh' })
  const { phoneNumber } = await checkSmsCode(context, actor, {
    purpose: 'enroll',
    code: body.code,
    phoneNumber: toE164(body.phoneNumber),
  })
  return completeEnrollment(context, actor, {
    id: randomId(25),
    type: 'sms',
    secretSealed: null,
    phoneNumber,
    lastUsedStep: null,
  })
}

/** `mfa/passwordless_sms/verify` `{ code }` → `{ token }`: records the session's verification. */
export async function verifySms(
  context: SmsContext,
  actor: MfaActor,
  code: string,
): Promise<{ token: string }> {
  await requireMethod(context, { userId: actor.userId, type: 'sms' })
  const { token } = await checkSmsCode(context, actor, { purpose: 'verify', code })
  await recordVerification(context, { sessionId: actor.sessionId, userId: actor.userId, unspent: true })
  return { token }
}

/** `mfa/passwordless_sms/unenroll`: removes SMS; needs (and spends) a fresh verification. */
export async function unenrollSms(context: SmsContext, actor: MfaActor): Promise<{ success: true }> {
  const { sessionId, userId } = actor
  await requireMethod(context, { userId, type: 'sms' })
  await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
  await deleteMethod(context, { userId, type: 'sms' })
  return { success: true }
}
