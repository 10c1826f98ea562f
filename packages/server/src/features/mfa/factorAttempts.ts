import { MFA_MAX_ATTEMPTS, type MfaMethodType } from '@foyer/protocol'
import { and, eq, gt, sql } from 'drizzle-orm'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import { mfaFactorAttempts } from './schema'

/** Wrong attempts one factor of a user takes, over all of the user's sessions together, before it locks. */
export const MFA_FACTOR_MAX_FAILURES = MFA_MAX_ATTEMPTS
/** The first lock-out of a factor, ms ('try again in 10 seconds'); each next one is 3 times longer. */
export const MFA_FACTOR_FIRST_LOCKOUT_MS = 10_000
/** How much longer each lock-out of a factor is than the previous one. */
export const MFA_FACTOR_LOCKOUT_GROWTH = 3
/** The longest lock-out of a factor, ms (1 h). */
export const MFA_FACTOR_MAX_LOCKOUT_MS = 3_600_000
/** Exponent cap that keeps `growth ^ lockouts` finite in SQL; 3^10 × 10 s is far past the 1 h cap. */
const MAX_LOCKOUT_EXPONENT = 10

/** Whose factor: the user and the factor's type (the app is recorded with the row). */
export type FactorKey = { appId: string; userId: string; method: MfaMethodType }

/** One attempt taken on a factor: its rank since the last lock-out or success, and whether it locked. */
export type FactorAttempt = { failures: number; locked: boolean }

/**
 * The lock-out that follows the `lockouts`-th previous one (0 for the first): 10 s × 3^lockouts — 10 s, 30 s,
 * 90 s, 270 s, 810 s, 2430 s — then 1 h (docs/mfa.md#lock-out).
 *
 * @param lockouts lock-outs of the factor since its last successful verification
 * @returns the wait, ms
 * @example factorLockoutMs(1) // 30_000
 */
export function factorLockoutMs(lockouts: number): number {
  const exponent = Math.min(Math.max(lockouts, 0), MAX_LOCKOUT_EXPONENT)
  return Math.min(
    MFA_FACTOR_FIRST_LOCKOUT_MS * MFA_FACTOR_LOCKOUT_GROWTH ** exponent,
    MFA_FACTOR_MAX_LOCKOUT_MS,
  )
}

const maxAttempts = () => foyerError('mfaMaxAttempts')

/**
 * Throws 403 `mfa_verification_max_attempts_reached` while the factor is locked out (any session's wrong
 * attempts locked it). Read before a challenge is started, so a locked SMS factor is not texted.
 */
export async function assertFactorNotLocked(context: ServerContext, key: FactorKey): Promise<void> {
  const [row] = await context.db.orm
    .select({ lockedUntil: mfaFactorAttempts.lockedUntil })
    .from(mfaFactorAttempts)
    .where(
      and(
        eq(mfaFactorAttempts.userId, key.userId),
        eq(mfaFactorAttempts.method, key.method),
        gt(mfaFactorAttempts.lockedUntil, new Date(context.now())),
      ),
    )
    .limit(1)
  if (row) throw maxAttempts()
}

/**
 * Takes one attempt on the factor of `key`, counted for every session of the user, BEFORE the answer is
 * checked (an attempt that never completes still counts), in one atomic `INSERT … ON CONFLICT (user_id,
 * method) DO UPDATE … WHERE not locked RETURNING`:
 * - a lock-out that has ended starts a new count;
 * - the 4th attempt since the last lock-out or success locks the factor at once for
 *   {@link factorLockoutMs}(lockouts) — 10 s, then 30 s, then longer up to 1 h — whatever its answer; a
 *   right answer lifts the lock again ({@link clearFactorAttempts}).
 * Concurrent attempts serialize on the row, so no more than 4 answers are ever checked per lock-out window.
 * Throws 403 `mfa_verification_max_attempts_reached` while the factor is locked.
 *
 * @returns the attempt's rank (1–4) and whether it locked the factor
 * @example
 * const attempt = await takeFactorAttempt(context, { appId, userId, method: 'totp' })
 */
export async function takeFactorAttempt(context: ServerContext, key: FactorKey): Promise<FactorAttempt> {
  const nowMs = context.now()
  const now = new Date(nowMs).toISOString()
  const table = mfaFactorAttempts
  // Failures of the current window plus this attempt: an ended lock-out (the WHERE keeps only those) resets.
  const rank = sql`(case when ${table.lockedUntil} is null then ${table.failures} else 0 end) + 1`
  const locks = sql`${rank} >= ${MFA_FACTOR_MAX_FAILURES}`
  const wait = sql`least(${MFA_FACTOR_FIRST_LOCKOUT_MS}::float8 * power(${MFA_FACTOR_LOCKOUT_GROWTH}::float8, least(${table.lockouts}, ${MAX_LOCKOUT_EXPONENT})), ${MFA_FACTOR_MAX_LOCKOUT_MS}::float8)`
  const [row] = await context.db.orm
    .insert(table)
    .values({ ...key, failures: 1, lockouts: 0, lockedUntil: null, updatedAt: new Date(nowMs) })
    .onConflictDoUpdate({
      target: [table.userId, table.method],
      set: {
        failures: sql`case when ${locks} then 0 else ${rank} end`,
        lockouts: sql`case when ${locks} then least(${table.lockouts} + 1, ${MAX_LOCKOUT_EXPONENT}) else ${table.lockouts} end`,
        lockedUntil: sql`case when ${locks} then ${now}::timestamptz + ${wait} * interval '1 millisecond' else null end`,
        updatedAt: sql`${now}::timestamptz`,
      },
      setWhere: sql`${table.lockedUntil} is null or ${table.lockedUntil} <= ${now}::timestamptz`,
    })
    .returning({ failures: table.failures, lockedUntil: table.lockedUntil })
  if (!row) throw maxAttempts()
  const locked = row.lockedUntil !== null
  return { failures: locked ? MFA_FACTOR_MAX_FAILURES : row.failures, locked }
}

/**
 * A successful verification of the factor of `key`: deletes its count, lock-out and escalation, so the
 * next wrong attempts start again from 10 s.
 */
export async function clearFactorAttempts(context: ServerContext, key: FactorKey): Promise<void> {
  await context.db.orm
    .delete(mfaFactorAttempts)
    .where(and(eq(mfaFactorAttempts.userId, key.userId), eq(mfaFactorAttempts.method, key.method)))
}
