import { MFA_CHALLENGE_TTL_MS, MFA_MAX_ATTEMPTS, type MfaMethodType } from '@foyer/protocol'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import { assertFactorNotLocked, clearFactorAttempts, takeFactorAttempt } from './factorAttempts'
import { mfaChallenges } from './schema'

/**
 * How long a challenge locked by its last wrong attempt blocks a new one in its session, ms ('try again in
 * 10 seconds'; docs/mfa.md#lock-out). The factor's own lock-out, shared by all sessions, grows from there.
 */
export const MFA_LOCKOUT_MS = 10_000

/** What a challenge is for. */
export type MfaPurpose = 'enroll' | 'verify'
/** A stored challenge. */
export type MfaChallengeRow = typeof mfaChallenges.$inferSelect
/** A challenge with one attempt taken ({@link takeAttempt}): `lockedFactor` when that attempt locked the factor. */
export type MfaAttemptRow = MfaChallengeRow & { lockedFactor: boolean }
/** Method-specific fields a challenge keeps (see `mfa_challenges`). */
export type MfaChallengeFields = Partial<
  Pick<MfaChallengeRow, 'secretSealed' | 'codeHmac' | 'phoneNumber' | 'challenge' | 'origin' | 'rpId'>
>

type ChallengeKey = {
  appId: string
  userId: string
  sessionId: string
  method: MfaMethodType
  purpose: MfaPurpose
}

const maxAttempts = () => foyerError('mfaMaxAttempts')

const keyCondition = (key: ChallengeKey) =>
  and(
    eq(mfaChallenges.sessionId, key.sessionId),
    eq(mfaChallenges.method, key.method),
    eq(mfaChallenges.purpose, key.purpose),
  )

/**
 * Starts the challenge of (session, method, purpose) with `fields`, replacing the previous one in one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE` (one live challenge per key): `replace: 'always'` (a new SMS code,
 * a new TOTP secret, a new passkey challenge) or `'whenDone'` (the implicit TOTP verification challenge:
 * only a consumed or expired one is replaced, so its attempt count survives). Either way a challenge locked
 * less than 10 s ago is kept, and the call answers 403 `mfa_verification_max_attempts_reached`; so does a
 * verification challenge while the factor is locked out for the user (any session's wrong attempts; see
 * `takeFactorAttempt`), before anything is written or texted.
 */
export async function startChallenge(
  context: ServerContext,
  key: ChallengeKey,
  parameters: { fields?: MfaChallengeFields; replace: 'always' | 'whenDone' },
): Promise<void> {
  if (key.purpose === 'verify') await assertFactorNotLocked(context, key)
  const nowMs = context.now()
  const now = new Date(nowMs)
  const fresh = {
    id: randomId(25),
    ...key,
    secretSealed: null,
    codeHmac: null,
    phoneNumber: null,
    challenge: null,
    origin: null,
    rpId: null,
    ...parameters.fields,
    attempts: 0,
    createdAt: now,
    expiresAt: new Date(nowMs + MFA_CHALLENGE_TTL_MS),
    consumedAt: null,
    lockedAt: null,
  }
  const notLocked = sql`(${mfaChallenges.lockedAt} is null or ${mfaChallenges.lockedAt} <= ${new Date(nowMs - MFA_LOCKOUT_MS).toISOString()}::timestamptz)`
  const replaceable =
    parameters.replace === 'always'
      ? notLocked
      : sql`${notLocked} and (${mfaChallenges.consumedAt} is not null or ${mfaChallenges.expiresAt} <= ${now.toISOString()}::timestamptz)`
  const { id: _id, appId: _appId, userId: _userId, sessionId: _s, method: _m, purpose: _p, ...update } = fresh
  const written = await context.db.orm
    .insert(mfaChallenges)
    .values(fresh)
    .onConflictDoUpdate({
      target: [mfaChallenges.sessionId, mfaChallenges.method, mfaChallenges.purpose],
      set: { ...update, id: sql`excluded.id` },
      setWhere: replaceable,
    })
    .returning({ id: mfaChallenges.id })
  if (written.length > 0) return
  // Kept: locked, or (for 'whenDone') a live one, which is fine.
  const [row] = await context.db.orm.select().from(mfaChallenges).where(keyCondition(key)).limit(1)
  if (row?.lockedAt && row.lockedAt.getTime() > nowMs - MFA_LOCKOUT_MS) throw maxAttempts()
}

/**
 * Takes one attempt on the live challenge of the key: one atomic `UPDATE … SET attempts = attempts + 1
 * WHERE consumed_at IS NULL AND expires_at > now AND attempts < 4 RETURNING` (docs/mfa.md#attempts). For a
 * verification it then takes one attempt on the user's factor, counted across all the user's sessions
 * (`takeFactorAttempt`): a new challenge, a new SMS code or a new session starts no new count.
 * Throws 403 `mfa_timeout` ('…try again in 30 seconds.') for an expired challenge, 403
 * `mfa_verification_max_attempts_reached` for a locked challenge or factor, and 403
 * `missing_or_invalid_mfa` 'The code you entered is not valid' when there is no challenge.
 */
export async function takeAttempt(context: ServerContext, key: ChallengeKey): Promise<MfaAttemptRow> {
  const now = new Date(context.now())
  const [row] = await context.db.orm
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(
      and(
        keyCondition(key),
        isNull(mfaChallenges.consumedAt),
        gt(mfaChallenges.expiresAt, now),
        lt(mfaChallenges.attempts, MFA_MAX_ATTEMPTS),
      ),
    )
    .returning()
  if (row) {
    if (key.purpose !== 'verify') return { ...row, lockedFactor: false }
    const factor = await takeFactorAttempt(context, key)
    return { ...row, lockedFactor: factor.locked }
  }
  const [stored] = await context.db.orm.select().from(mfaChallenges).where(keyCondition(key)).limit(1)
  if (stored?.lockedAt) throw maxAttempts()
  if (stored && !stored.consumedAt && stored.expiresAt.getTime() <= now.getTime()) {
    await context.db.orm
      .update(mfaChallenges)
      .set({ consumedAt: now })
      .where(and(eq(mfaChallenges.id, stored.id), isNull(mfaChallenges.consumedAt)))
    throw foyerError('mfaTimeout')
  }
  throw foyerError('mfaInvalidCode')
}

/**
 * A wrong answer to the challenge `row` (after {@link takeAttempt}): its 4th locks it (`locked_at`, and
 * consumed) and throws 403 `mfa_verification_max_attempts_reached`, as does the attempt that locked the
 * user's factor; earlier ones throw 403 `missing_or_invalid_mfa` 'The code you entered is not valid'.
 */
export async function failAttempt(context: ServerContext, row: MfaAttemptRow): Promise<never> {
  if (row.attempts >= MFA_MAX_ATTEMPTS) {
    const now = new Date(context.now())
    await context.db.orm
      .update(mfaChallenges)
      .set({ consumedAt: now, lockedAt: now })
      .where(eq(mfaChallenges.id, row.id))
    throw maxAttempts()
  }
  if (row.lockedFactor) throw maxAttempts()
  throw foyerError('mfaInvalidCode')
}

/**
 * Consumes the challenge `row` once (`UPDATE … WHERE consumed_at IS NULL RETURNING`): a challenge verifies
 * once. A verification challenge consumed this way also clears the factor's wrong-attempt count and
 * lock-out (`clearFactorAttempts`). Throws 403 `missing_or_invalid_mfa` when another request consumed it
 * first.
 */
export async function consumeChallenge(context: ServerContext, row: MfaChallengeRow): Promise<void> {
  const consumed = await context.db.orm
    .update(mfaChallenges)
    .set({ consumedAt: new Date(context.now()) })
    .where(and(eq(mfaChallenges.id, row.id), isNull(mfaChallenges.consumedAt)))
    .returning({ id: mfaChallenges.id })
  if (consumed.length === 0) throw foyerError('mfaInvalidCode')
  if (row.purpose === 'verify')
    await clearFactorAttempts(context, { appId: row.appId, userId: row.userId, method: row.method })
}
