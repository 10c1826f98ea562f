import {
  type DelegatedActionsSettings,
  type DelegatedActivity,
  type DelegatedActivityResponse,
  type DelegatedWallet,
  type DelegateWalletsRequest,
  defaultAppSettings,
} from '@foyer/protocol'
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import { deriveKey } from '../../crypto/deriveKey'
import { randomId } from '../../crypto/randomId'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { AppRecord } from '../apps/appRecords'
import type { Transaction } from '../users/Transaction'
import { embeddedWallets, walletEntropies } from '../wallets/schema'
import { withDelegatedAccount } from './delegatedSigner'
import { delegatedRequests, walletDelegations } from './schema'

/** The plugin's own settings: the JSON-RPC URL of each EVM chain id the wallet API sends on. */
export type DelegatedActionsContext = ServerContext & { delegatedActions: { rpcUrls: Map<number, string> } }

export const delegatedShareKey = (context: ServerContext) =>
  deriveKey(context.masterKey, 'delegated-share-encryption')
export const shareKey = (context: ServerContext) => deriveKey(context.masterKey, 'wallet-share-encryption')
/** Binds a sealed delegated share to its wallet, so that it cannot be moved to another row. */
export const delegatedShareAad = (walletId: string) => `delegated-share:${walletId}`

/** The app's delegated-actions setting (its default when an older settings row lacks it). */
export function delegatedActionsSettings(app: AppRecord): DelegatedActionsSettings {
  return app.settings.delegated_actions ?? defaultAppSettings.delegated_actions
}

/**
 * Delegates the wallets `wallet_indexes` of the user's entropy `entropy_id` to the app
 * (docs/delegated-actions.md#consent): checks that the handed-over device share and the server's auth share
 * rebuild each wallet, then stores the share sealed per wallet with a copy of the app's policy and daily
 * limit (a repeated consent replaces them). Throws 400 `not_supported` when the app has no policy for the
 * chain type, 404 `not_found` for an unknown entropy or index, 400 `invalid_data` when the share does not
 * rebuild the wallets.
 */
export async function delegateWallets(
  context: ServerContext,
  parameters: {
    app: AppRecord
    userId: string
    body: DelegateWalletsRequest
    /** Runs in the transaction that stores the delegations (the webhook's outbox row). */
    inTransaction?: (tx: Transaction, delegated: DelegatedWallet[]) => Promise<unknown>
  },
): Promise<DelegatedWallet[]> {
  const { app, userId, body } = parameters
  const settings = delegatedActionsSettings(app)
  if (!settings.policy || settings.policy.chain_type !== body.chain_type || body.chain_type !== 'ethereum')
    throw foyerError('delegatedActionsNotEnabled')
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
  const authShare = openSecret(shareKey(context), entropy.authShare, `wallet-auth-share:${entropy.id}`)
  for (const wallet of wallets) {
    const rebuilt = await withDelegatedAccount(
      {
        shares: [Buffer.from(authShare, 'base64'), Buffer.from(body.share, 'base64')],
        entropyId: entropy.entropyId,
        walletIndex: wallet.walletIndex,
        address: wallet.address,
      },
      async () => true,
    )
    if (!rebuilt) throw foyerError('delegatedShareMismatch')
  }
  const now = new Date(context.now())
  const key = delegatedShareKey(context)
  const delegated = wallets
    .sort((a, b) => a.walletIndex - b.walletIndex)
    .map((wallet) => ({
      id: wallet.id,
      address: wallet.address,
      chain_type: wallet.chainType as 'ethereum',
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
          share: sealSecret(key, body.share, delegatedShareAad(wallet.id)),
          policy: settings.policy!,
          dailyValueLimitWei: settings.daily_value_limit_wei,
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
    chain_type: wallet.chainType as 'ethereum',
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
