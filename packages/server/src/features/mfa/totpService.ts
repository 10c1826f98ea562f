import type { User } from '@foyer/protocol'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { deriveKey } from '../../crypto/deriveKey'
import { randomId } from '../../crypto/randomId'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import type { ServerContext } from '../../ServerContext'
import { linkedAccounts } from '../users/schema'
import { consumeChallenge, failAttempt, startChallenge, takeAttempt } from './challenges'
import { completeEnrollment, type MfaActor } from './completeEnrollment'
import { assertMethodOffered, assertNotEnrolled, deleteMethod, requireMethod } from './methods'
import { mfaMethods } from './schema'
import { createTotpSecret, matchTotpStep, totpAuthUrl } from './totp'
import { assertMfaVerified, assertNotGuest, recordVerification } from './verifications'

const secretKey = (context: ServerContext) => deriveKey(context.masterKey, 'mfa-secret-encryption')
/** Associated data of a pending secret (bound to its user) and of an enrolled one (bound to its row). */
const pendingAad = (userId: string) => `mfa-totp-pending:${userId}`
const methodAad = (rowId: string) => `mfa-totp:${rowId}`

/** The account name in the auth URL: the user's email, else phone number, else 'user'. */
async function accountLabel(context: ServerContext, userId: string): Promise<string> {
  const rows = await context.db.orm
    .select({ type: linkedAccounts.type, subject: linkedAccounts.subject })
    .from(linkedAccounts)
    .where(eq(linkedAccounts.userId, userId))
  return (
    rows.find((row) => row.type === 'email')?.subject ??
    rows.find((row) => row.type === 'phone')?.subject ??
    'user'
  )
}

/**
 * `mfa/totp/init` (docs/wire.md#mfa): a new 160-bit secret (docs/security.md property 14), kept sealed in the
 * session's enrolment challenge for 300 s, and its `otpauth://` URL. Refused to guests (403
 * `missing_or_invalid_mfa`, security property 54), when the app does not offer TOTP (403 `disallowed_login_method`), when
 * already enrolled (400 `resource_conflict`) and, when another factor is enrolled, without a fresh
 * verification (403 `missing_or_invalid_mfa`, security property 16).
 */
export async function initTotpEnrollment(
  context: ServerContext,
  actor: MfaActor,
): Promise<{ totpSecret: string; totpAuthUrl: string }> {
  const { app, sessionId, userId } = actor
  await assertNotGuest(context, { userId, action: 'Enrolling in MFA' })
  assertMethodOffered(app, 'totp')
  await assertNotEnrolled(context, { userId, type: 'totp' })
  await assertMfaVerified(context, { sessionId, userId, need: 'fresh' })
  const secret = createTotpSecret()
  await startChallenge(
    context,
    { appId: app.id, userId, sessionId, method: 'totp', purpose: 'enroll' },
    {
      replace: 'always',
      fields: { secretSealed: sealSecret(secretKey(context), secret, pendingAad(userId)) },
    },
  )
  const label = await accountLabel(context, userId)
  return { totpSecret: secret, totpAuthUrl: totpAuthUrl({ secret, issuer: app.name, label }) }
}

/**
 * `mfa/totp/enroll` `{ code }`: the first code of the pending secret enrols the authenticator app. A wrong
 * code counts one of the challenge's 4 attempts (security property 13); the matched time step is stored as used (security property 12); the
 * secret is sealed again, bound to the new row (security property 14). A fresh verification, when another factor is
 * enrolled, is spent. Returns the user (its `mfa_methods` now list `totp`).
 */
export async function enrollTotp(context: ServerContext, actor: MfaActor, code: string): Promise<User> {
  const { app, sessionId, userId } = actor
  await assertNotGuest(context, { userId, action: 'Enrolling in MFA' })
  assertMethodOffered(app, 'totp')
  await assertMfaVerified(context, { sessionId, userId, need: 'fresh' })
  const challenge = await takeAttempt(context, {
    appId: app.id,
    userId,
    sessionId,
    method: 'totp',
    purpose: 'enroll',
  })
  const secret = openSecret(secretKey(context), challenge.secretSealed ?? '', pendingAad(userId))
  const step = matchTotpStep({ secret, code, nowMs: context.now() })
  if (step === null) return failAttempt(context, challenge)
  await consumeChallenge(context, challenge)
  const id = randomId(25)
  return completeEnrollment(context, actor, {
    id,
    type: 'totp',
    // Sealed again, bound to the new row (docs/security.md property 14).
    secretSealed: sealSecret(secretKey(context), secret, methodAad(id)),
    phoneNumber: null,
    lastUsedStep: step,
  })
}

/**
 * `mfa/totp/verify` `{ code }` → `{ token }`: checks a code of the enrolled secret within ±1 step on the
 * server's clock (security property 11) against the session's verification challenge (started by the first attempt; 4
 * attempts, 300 s; security property 13). The matched step must be later than the last used one, moved forward by one atomic
 * `UPDATE … WHERE last_used_step < step RETURNING`, so a code is refused even on a new challenge (security property 12).
 * Success records the session's verification (security property 15). `token` names the verification (the challenge id).
 */
export async function verifyTotp(
  context: ServerContext,
  actor: MfaActor,
  code: string,
): Promise<{ token: string }> {
  const { app, sessionId, userId } = actor
  const method = await requireMethod(context, { userId, type: 'totp' })
  const key = { appId: app.id, userId, sessionId, method: 'totp' as const, purpose: 'verify' as const }
  await startChallenge(context, key, { replace: 'whenDone' })
  const challenge = await takeAttempt(context, key)
  const secret = openSecret(secretKey(context), method.secretSealed ?? '', methodAad(method.id))
  const step = matchTotpStep({ secret, code, nowMs: context.now() })
  if (step === null) return failAttempt(context, challenge)
  const moved = await context.db.orm
    .update(mfaMethods)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(mfaMethods.id, method.id),
        or(isNull(mfaMethods.lastUsedStep), lt(mfaMethods.lastUsedStep, step)),
      ),
    )
    .returning({ id: mfaMethods.id })
  if (moved.length === 0) return failAttempt(context, challenge)
  await consumeChallenge(context, challenge)
  await recordVerification(context, { sessionId, userId, unspent: true })
  return { token: challenge.id }
}

/** `mfa/totp/unenroll`: removes the authenticator app; needs (and spends) a fresh verification (security property 16). */
export async function unenrollTotp(context: ServerContext, actor: MfaActor): Promise<{ success: true }> {
  const { sessionId, userId } = actor
  await requireMethod(context, { userId, type: 'totp' })
  await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
  await deleteMethod(context, { userId, type: 'totp' })
  return { success: true }
}
