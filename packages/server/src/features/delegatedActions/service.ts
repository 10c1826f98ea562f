import {
  type DelegatedActionsSettings,
  type DelegatedWallet,
  type DelegateWalletsRequest,
  defaultAppSettings,
} from '@foyer/protocol'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { deriveKey } from '../../crypto/deriveKey'
import { randomId } from '../../crypto/randomId'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { AppRecord } from '../apps/appRecords'
import { embeddedWallets, walletEntropies } from '../wallets/schema'
import { withDelegatedAccount } from './delegatedSigner'
import { walletDelegations } from './schema'

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
  parameters: { app: AppRecord; userId: string; body: DelegateWalletsRequest },
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
  await context.db.orm
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
  return wallets
    .sort((a, b) => a.walletIndex - b.walletIndex)
    .map((wallet) => ({
      id: wallet.id,
      address: wallet.address,
      chain_type: wallet.chainType as 'ethereum',
      wallet_index: wallet.walletIndex,
    }))
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
 * (docs/delegated-actions.md#revoke). Returns how many wallets were delegated.
 */
export async function revokeDelegations(
  context: ServerContext,
  parameters: { appId: string; userId: string },
): Promise<number> {
  const removed = await context.db.orm
    .delete(walletDelegations)
    .where(
      and(eq(walletDelegations.appId, parameters.appId), eq(walletDelegations.userId, parameters.userId)),
    )
    .returning({ id: walletDelegations.id })
  return removed.length
}
