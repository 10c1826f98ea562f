import { and, eq, gte, inArray, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { accountTransferNonces } from '../accountTransfer/schema'
import { farcasterChannels } from '../farcaster/schema'
import { idempotentRequests } from '../idempotency/schema'
import { mfaChallenges } from '../mfa/schema'
import { oauthFlows } from '../oauth/schema'
import { passkeyChallenges } from '../passkeys/schema'
import { oneTimeCodes } from '../passwordless/schema'
import { SIGN_IN_RETRY_WINDOW_MS } from '../passwordless/signInWithCode'
import { sessions } from '../sessions/schema'
import { walletNonces } from '../siwe/schema'
import { telegramPayloads } from '../telegram/schema'
import { linkedAccounts, users } from '../users/schema'
import { deviceProofNonces } from '../walletDevices/schema'
import { walletEntropies } from '../wallets/schema'

/** What the sweep deletes, one label value of `foyer_sweep_deleted_rows_total{kind}` each. */
export type SweepKind =
  | 'wallet_nonce'
  | 'one_time_code'
  | 'account_transfer_offer'
  | 'mfa_challenge'
  | 'oauth_flow'
  | 'farcaster_channel'
  | 'passkey_challenge'
  | 'device_proof_nonce'
  | 'idempotent_request'
  | 'telegram_payload'
  | 'session'
  | 'idle_guest'

/** Rows deleted per kind. */
export type SweepResult = Record<SweepKind, number>

export type SweepExpiredParameters = {
  /** The time rows are expired against. */
  now: Date
  /** A guest user with no sign-in or session use for this long (ms) is deleted; 0 keeps every guest. */
  guestMaxIdleMs: number
  /** Rows per `DELETE` statement (default 1,000); the sweep loops until a statement deletes fewer. */
  batchSize?: number
  /** Called after each statement that deleted rows (the Prometheus counter). */
  onDeleted?: ((kind: SweepKind, count: number) => void) | undefined
}

/** One kind: its table, its key, and which rows are past use at `now`. */
type Sweepable = { kind: SweepKind; table: PgTable; key: PgColumn; expired(now: Date): SQL | undefined }

/** The rows of `table` (keyed by `key`) whose `expiresAt` is before the sweep's `now`. */
function pastExpiry(kind: SweepKind, table: PgTable, key: PgColumn, expiresAt: PgColumn): Sweepable {
  return { kind, table, key, expired: (now) => lt(expiresAt, now) }
}

/** Single-use rows past their expiry: none can be used any more, by any code path. */
const sweepables = (guestMaxIdleMs: number): Sweepable[] => [
  pastExpiry('wallet_nonce', walletNonces, walletNonces.nonce, walletNonces.expiresAt),
  {
    kind: 'one_time_code',
    table: oneTimeCodes,
    key: oneTimeCodes.id,
    // A consumed login code is kept through its retry window, which may outlast the code's own expiry
    // (docs/sessions.md#sign-in-retries).
    expired: (now) =>
      and(
        lt(oneTimeCodes.expiresAt, now),
        or(
          isNull(oneTimeCodes.consumedAt),
          lt(oneTimeCodes.consumedAt, new Date(now.getTime() - SIGN_IN_RETRY_WINDOW_MS)),
        ),
      ),
  },
  pastExpiry(
    'account_transfer_offer',
    accountTransferNonces,
    accountTransferNonces.nonceHash,
    accountTransferNonces.expiresAt,
  ),
  pastExpiry('mfa_challenge', mfaChallenges, mfaChallenges.id, mfaChallenges.expiresAt),
  {
    kind: 'oauth_flow',
    table: oauthFlows,
    key: oauthFlows.id,
    // The one-time code handed out at the callback may outlive the flow's own expiry.
    expired: (now) =>
      and(
        lt(oauthFlows.expiresAt, now),
        or(isNull(oauthFlows.codeExpiresAt), lt(oauthFlows.codeExpiresAt, now)),
      ),
  },
  pastExpiry(
    'farcaster_channel',
    farcasterChannels,
    farcasterChannels.channelToken,
    farcasterChannels.expiresAt,
  ),
  pastExpiry('passkey_challenge', passkeyChallenges, passkeyChallenges.id, passkeyChallenges.expiresAt),
  pastExpiry('device_proof_nonce', deviceProofNonces, deviceProofNonces.nonce, deviceProofNonces.expiresAt),
  // A kept answer past its retry window (docs/api.md#retries).
  pastExpiry(
    'idempotent_request',
    idempotentRequests,
    idempotentRequests.keyHash,
    idempotentRequests.expiresAt,
  ),
  // A Telegram payload's record is kept only while the payload itself would still be accepted.
  pastExpiry('telegram_payload', telegramPayloads, telegramPayloads.payloadHash, telegramPayloads.expiresAt),
  // A session past its absolute expiry (its refresh tokens and MFA state go with it, ON DELETE CASCADE).
  pastExpiry('session', sessions, sessions.id, sessions.expiresAt),
  {
    kind: 'idle_guest',
    table: users,
    key: users.id,
    expired: (now) => {
      if (guestMaxIdleMs <= 0) return undefined
      const since = new Date(now.getTime() - guestMaxIdleMs)
      return and(
        eq(users.isGuest, true),
        lt(users.createdAt, since),
        // Idle: no sign-in (the guest account's latest verification) and no session used since.
        not(
          sql`exists (select 1 from ${linkedAccounts} where ${linkedAccounts.userId} = ${users.id} and ${gte(linkedAccounts.latestVerifiedAt, since)})`,
        ),
        not(
          sql`exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id} and ${gte(sessions.lastUsedAt, since)})`,
        ),
        // A guest's embedded wallet may hold funds: deleting its share would lose them.
        not(sql`exists (select 1 from ${walletEntropies} where ${walletEntropies.userId} = ${users.id})`),
      )
    },
  },
]

/**
 * Deletes what can no longer be used: expired SIWE nonces, one-time codes, account-transfer offers, MFA
 * challenges, OAuth flows, Farcaster channels, passkey challenges, device-proof nonces, Telegram payload
 * records and sessions, and guest users idle for
 * `guestMaxIdleMs` (never one holding an embedded wallet), in statements of at most `batchSize` rows so
 * that no statement holds many locks for long. Returns the rows deleted per kind. See
 * `docs/operations.md#sweep`.
 *
 * @example const deleted = await sweepExpired(db, { now: new Date(), guestMaxIdleMs: 30 * 86_400_000 })
 */
export async function sweepExpired(
  db: FoyerDatabase,
  parameters: SweepExpiredParameters,
): Promise<SweepResult> {
  const batchSize = parameters.batchSize ?? 1000
  const result = {} as SweepResult
  for (const { kind, table, key, expired } of sweepables(parameters.guestMaxIdleMs)) {
    result[kind] = 0
    const condition = expired(parameters.now)
    if (!condition) continue
    for (;;) {
      // SKIP LOCKED: server processes sweeping at once split the rows instead of waiting on each other.
      const batch = db.orm
        .select({ key })
        .from(table)
        .where(condition)
        .limit(batchSize)
        .for('update', { skipLocked: true })
      const deleted = await db.orm.delete(table).where(inArray(key, batch)).returning({ key })
      result[kind] += deleted.length
      if (deleted.length > 0) parameters.onDeleted?.(kind, deleted.length)
      if (deleted.length < batchSize) break
    }
  }
  return result
}
