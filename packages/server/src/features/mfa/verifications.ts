import { and, eq, gt } from 'drizzle-orm'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import { users } from '../users/schema'
import { mfaMethods, mfaVerifications } from './schema'

/**
 * Records a successful verification of `sessionId` now (`INSERT … ON CONFLICT (session_id) DO UPDATE`).
 * `unspent: true` for a verification (it may be spent by one action that needs a fresh one), false for an
 * enrolment, which proves the new factor but spends nothing.
 */
export async function recordVerification(
  context: ServerContext,
  parameters: { sessionId: string; userId: string; unspent: boolean },
): Promise<void> {
  const row = { ...parameters, verifiedAt: new Date(context.now()) }
  await context.db.orm
    .insert(mfaVerifications)
    .values(row)
    .onConflictDoUpdate({
      target: mfaVerifications.sessionId,
      set: { verifiedAt: row.verifiedAt, unspent: row.unspent },
    })
}

/** True when `userId` has at least one second factor enrolled. */
export async function hasMfaEnrolled(context: ServerContext, userId: string): Promise<boolean> {
  const [row] = await context.db.orm
    .select({ id: mfaMethods.id })
    .from(mfaMethods)
    .where(eq(mfaMethods.userId, userId))
    .limit(1)
  return Boolean(row)
}

/**
 * The server's MFA gate (docs/mfa.md#gates), keyed to the session, never a client flag.
 * A user without a second factor passes. Otherwise the session must have verified within the window
 * (`mfaVerificationWindowSeconds`, default 15 min), and for `need: 'fresh'` (export, enrolling or removing a
 * factor, updating, linking or unlinking an email or phone, linking or unlinking a passkey) that
 * verification must also be unspent. `spend: true` spends it in one
 * atomic `UPDATE … WHERE unspent RETURNING`, so each such action asks again (export always asks).
 * Throws 403 `missing_or_invalid_mfa` 'MFA verification required' (the client then prompts and retries).
 *
 * @example await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
 */
export async function assertMfaVerified(
  context: ServerContext,
  parameters: { sessionId: string; userId: string; need: 'recent' | 'fresh'; spend?: boolean },
): Promise<void> {
  if (!(await hasMfaEnrolled(context, parameters.userId))) return
  const since = new Date(context.now() - context.mfaVerificationWindowSeconds * 1000)
  const conditions = [
    eq(mfaVerifications.sessionId, parameters.sessionId),
    eq(mfaVerifications.userId, parameters.userId),
    gt(mfaVerifications.verifiedAt, since),
  ]
  if (parameters.need === 'fresh') conditions.push(eq(mfaVerifications.unspent, true))
  const passed =
    parameters.need === 'fresh' && parameters.spend
      ? await context.db.orm
          .update(mfaVerifications)
          .set({ unspent: false })
          .where(and(...conditions))
          .returning({ id: mfaVerifications.sessionId })
      : await context.db.orm
          .select({ id: mfaVerifications.sessionId })
          .from(mfaVerifications)
          .where(and(...conditions))
          .limit(1)
  if (passed.length === 0) throw foyerError('mfaRequired')
}

/**
 * security property 54: a guest can neither enrol a factor nor pass an MFA-gated action until it upgrades.
 * Throws 403 `missing_or_invalid_mfa` naming `action`, 401 `missing_or_invalid_token` when the user is gone.
 */
export async function assertNotGuest(
  context: ServerContext,
  parameters: { userId: string; action: string },
): Promise<void> {
  const [user] = await context.db.orm
    .select({ isGuest: users.isGuest })
    .from(users)
    .where(eq(users.id, parameters.userId))
  if (!user) throw foyerError('invalidToken')
  if (user.isGuest) throw foyerError('mfaUnavailableToGuests', { action: parameters.action })
}
