import {
  type DelegatedActionsSettings,
  type DelegatedActivity,
  type DelegatedActivityResponse,
  type DelegatedShareBinding,
  type DelegatedWallet,
  type DelegateWalletsRequest,
  defaultAppSettings,
  toUserDid,
} from '@foyer/protocol'
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import { deriveKey } from '../../crypto/deriveKey'
import { randomId } from '../../crypto/randomId'
import { openSecret } from '../../crypto/secretBox'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { AppRecord } from '../apps/appRecords'
import type { Transaction } from '../users/Transaction'
import { embeddedWallets, walletEntropies } from '../wallets/schema'
import { delegatedRequests, walletDelegations } from './schema'
import { SignerUnavailableError } from './signer/httpSignerClient'
import type { SignerClient } from './signer/signerProtocol'

/**
 * The plugin's own settings: the JSON-RPC URL of each EVM chain id the wallet API sends on, and the signer
 * (null: none is configured).
 */
export type DelegatedActionsContext = ServerContext & {
  delegatedActions: {
    rpcUrls: Map<number, string>
    /** The JSON-RPC URL of each Solana cluster (CAIP-2, `solana:<genesis hash prefix>`). */
    solanaRpcUrls: Map<string, string>
    signer: SignerClient | null
    /** How long a send waits for the wallet's lock held by another process (ms, PostgreSQL only). */
    walletLockTimeoutMs: number
  }
}

export const shareKey = (context: ServerContext) => deriveKey(context.masterKey, 'wallet-share-encryption')

/** The auth share (base64) of an entropy row, opened with the master key. */
export const openAuthShare = (context: ServerContext, entropy: { id: string; authShare: string }) =>
  openSecret(shareKey(context), entropy.authShare, `wallet-auth-share:${entropy.id}`)

/** What a delegation's ciphertext is bound to (docs/delegated-actions.md#signer). */
export const delegationBinding = (parameters: {
  appId: string
  userId: string
  chainType: string
  entropyId: string
  policy: unknown
  dailyLimit: string | null
}): DelegatedShareBinding => ({
  appId: parameters.appId,
  userId: toUserDid(parameters.userId),
  chainType: parameters.chainType as DelegatedShareBinding['chainType'],
  entropyId: parameters.entropyId,
  policy: parameters.policy,
  dailyLimit: parameters.dailyLimit,
})

/** The configured signer; throws 400 `not_supported` when there is none. */
export function requireSigner(context: DelegatedActionsContext): SignerClient {
  const signer = context.delegatedActions.signer
  if (!signer) throw foyerError('signerNotConfigured')
  return signer
}

/** Runs a call to the signer; an unreachable signer is 503 `internal_error` 'The signer is not reachable'. */
export async function callSigner<T>(context: ServerContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof SignerUnavailableError)) throw error
    context.log.error({ err: error }, 'the signer is not reachable')
    throw foyerError('signerUnavailable')
  }
}

/** The app's delegated-actions setting (its default when an older settings row lacks it). */
export function delegatedActionsSettings(app: AppRecord): DelegatedActionsSettings {
  return app.settings.delegated_actions ?? defaultAppSettings.delegated_actions
}

/**
 * The app's terms for wallets of `chainType`: its policy for them (null: not offered) and the daily limit in
 * the chain's smallest unit (wei or lamports; null: none).
 */
export function delegationTerms(
  app: AppRecord,
  chainType: 'ethereum' | 'solana',
): { policy: DelegatedActionsSettings['policy']; dailyLimit: string | null } {
  const settings = delegatedActionsSettings(app)
  return chainType === 'solana'
    ? { policy: settings.solana_policy ?? null, dailyLimit: settings.daily_lamports_limit ?? null }
    : { policy: settings.policy, dailyLimit: settings.daily_value_limit_wei }
}

/**
 * Delegates the wallets `wallet_indexes` of the user's entropy `entropy_id` to the app
 * (docs/delegated-actions.md#consent): the signer checks that the device share the frame encrypted to it,
 * bound to the app's current terms, rebuilds each wallet with the server's auth share; then the ciphertext
 * is stored per wallet with a copy of those terms (a repeated consent replaces them). Throws 400
 * `not_supported` when the app has no policy for the chain type or no signer is configured, 404 `not_found`
 * for an unknown entropy or index, 400 `invalid_data` when the share does not open or rebuild the wallets
 * (also when the terms changed since the frame read them), 503 when the signer is not reachable.
 */
export async function delegateWallets(
  context: DelegatedActionsContext,
  parameters: {
    app: AppRecord
    userId: string
    body: DelegateWalletsRequest
    /** Runs in the transaction that stores the delegations (the webhook's outbox row). */
    inTransaction?: (tx: Transaction, delegated: DelegatedWallet[]) => Promise<unknown>
  },
): Promise<DelegatedWallet[]> {
  const { app, userId, body } = parameters
  const terms = delegationTerms(app, body.chain_type)
  if (!terms.policy || terms.policy.chain_type !== body.chain_type)
    throw foyerError('delegatedActionsNotEnabled')
  const signer = requireSigner(context)
  const [entropy] = await context.db.orm
    .select()
    .from(walletEntropies)
    .where(
      and(
        eq(walletEntropies.userId, userId),
        eq(walletEntropies.chainType, body.chain_type),
        sql`lower(${walletEntropies.entropyId}) = ${body.entropy_id.toLowerCase()}`,
      ),
    )
    .limit(1)
  if (!entropy) throw foyerError('embeddedWalletNotFound')
  const indexes = [...new Set(body.wallet_indexes)]
  const wallets = await context.db.orm
    .select()
    .from(embeddedWallets)
    .where(and(eq(embeddedWallets.entropyRowId, entropy.id), inArray(embeddedWallets.walletIndex, indexes)))
  if (wallets.length !== indexes.length) throw foyerError('embeddedWalletNotFound')
  const binding = delegationBinding({
    appId: app.id,
    userId,
    chainType: body.chain_type,
    entropyId: entropy.entropyId,
    policy: terms.policy,
    dailyLimit: terms.dailyLimit,
  })
  const valid = await callSigner(context, () =>
    signer.verifyDelegation({
      binding,
      encryptedShare: body.encrypted_share,
      authShare: openAuthShare(context, entropy),
      wallets: wallets.map((wallet) => ({ walletIndex: wallet.walletIndex, address: wallet.address })),
    }),
  )
  if (!valid) throw foyerError('delegatedShareMismatch')
  const now = new Date(context.now())
  const delegated = wallets
    .sort((a, b) => a.walletIndex - b.walletIndex)
    .map((wallet) => ({
      id: wallet.id,
      address: wallet.address,
      chain_type: wallet.chainType as DelegatedWallet['chain_type'],
      wallet_index: wallet.walletIndex,
    }))
  await context.db.orm.transaction(async (tx) => {
    await tx
      .insert(walletDelegations)
      .values(
        wallets.map((wallet) => ({
          id: randomId(25),
          appId: app.id,
          userId,
          walletId: wallet.id,
          share: JSON.stringify(body.encrypted_share),
          policy: terms.policy!,
          dailyValueLimitWei: terms.dailyLimit,
          createdAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: walletDelegations.walletId,
        set: {
          share: sql`excluded.share`,
          policy: sql`excluded.policy`,
          dailyValueLimitWei: sql`excluded.daily_value_limit_wei`,
          createdAt: sql`excluded.created_at`,
        },
      })
    await parameters.inTransaction?.(tx, delegated)
  })
  return delegated
}

/**
 * The user's wallets delegated to the app (docs/delegated-actions.md#terms), oldest first: id (the wallet
 * API's `:wallet_id`), address, chain type and HD index.
 */
export async function listDelegatedWallets(
  context: ServerContext,
  parameters: { appId: string; userId: string },
): Promise<DelegatedWallet[]> {
  const rows = await context.db.orm
    .select({ wallet: embeddedWallets })
    .from(walletDelegations)
    .innerJoin(embeddedWallets, eq(embeddedWallets.id, walletDelegations.walletId))
    .where(
      and(eq(walletDelegations.appId, parameters.appId), eq(walletDelegations.userId, parameters.userId)),
    )
    .orderBy(walletDelegations.createdAt, embeddedWallets.walletIndex)
  return rows.map(({ wallet }) => ({
    id: wallet.id,
    address: wallet.address,
    chain_type: wallet.chainType as DelegatedWallet['chain_type'],
    wallet_index: wallet.walletIndex,
  }))
}

/**
 * Removes every delegation of the user to the app, and with it the sealed delegated shares
 * (docs/delegated-actions.md#revoke). Returns the ids of the wallets that were delegated.
 */
export async function revokeDelegations(
  context: ServerContext,
  parameters: { appId: string; userId: string },
  executor: Transaction | ServerContext['db']['orm'] = context.db.orm,
): Promise<string[]> {
  const removed = await executor
    .delete(walletDelegations)
    .where(
      and(eq(walletDelegations.appId, parameters.appId), eq(walletDelegations.userId, parameters.userId)),
    )
    .returning({ walletId: walletDelegations.walletId })
  return removed.map((row) => row.walletId).sort()
}

/** The outcome of a recorded request: running, its answer's success, or the policy's or the send's refusal. */
function activityOutcome(row: typeof delegatedRequests.$inferSelect): DelegatedActivity['outcome'] {
  if (row.decision === 'DENY') return 'refused'
  if (row.status === null) return 'pending'
  return row.status === 200 ? 'succeeded' : 'failed'
}

/**
 * The user's delegated requests to the app (docs/delegated-actions.md#activity), newest first: `limit` (1 to
 * 100) records of `delegated_requests` of this app and this user only, after `cursor` (`<created ms>.<id>`,
 * the previous page's `next_cursor`, keyset order (created_at, id) descending); `next_cursor` null on the
 * last page.
 */
export async function listDelegatedActivity(
  context: ServerContext,
  parameters: { appId: string; userId: string; limit: number; cursor?: string },
): Promise<DelegatedActivityResponse> {
  const { appId, userId, limit, cursor } = parameters
  const conditions = [eq(delegatedRequests.userId, userId), eq(delegatedRequests.appId, appId)]
  if (cursor) {
    const [ms, id] = cursor.split('.') as [string, string]
    const at = new Date(Number(ms))
    conditions.push(
      or(
        lt(delegatedRequests.createdAt, at),
        and(eq(delegatedRequests.createdAt, at), lt(delegatedRequests.id, id)),
      )!,
    )
  }
  const rows = await context.db.orm
    .select()
    .from(delegatedRequests)
    .where(and(...conditions))
    .orderBy(desc(delegatedRequests.createdAt), desc(delegatedRequests.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    data: page.map((row) => {
      const data = (row.result as { data?: { hash?: unknown } } | null)?.data
      return {
        id: row.id,
        wallet_id: row.walletId,
        wallet_address: row.walletAddress,
        method: row.method,
        caip2: row.caip2,
        to: row.toAddress,
        value_wei: row.valueWei,
        decision: row.decision === 'DENY' ? 'DENY' : 'ALLOW',
        rule: row.rule,
        reason: row.reason,
        outcome: activityOutcome(row),
        transaction_hash: row.status === 200 && typeof data?.hash === 'string' ? data.hash : null,
        created_at: Math.floor(row.createdAt.getTime() / 1000),
      }
    }),
    next_cursor: rows.length > limit && last ? `${last.createdAt.getTime()}.${last.id}` : null,
  }
}
