import type {
  DelegatedActivityQuery,
  DelegatedActivityResponse,
  DelegationsResponse,
  EmbeddedWalletAccount,
} from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { fetchUser } from '../../session/fetchUser'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { getWalletProxy } from '../../wallet/proxy/getWalletProxy'
import { requireAccessToken } from '../../wallet/requireAccessToken'
import { connectWallet } from './connectWallet'

/** Parameters of {@link delegateWallet}. */
export type DelegateWalletParameters = {
  /** The embedded wallet (any chain type the app's policy is for, any index) the app may act with. */
  wallet: EmbeddedWalletInfo
}

/** What {@link delegateWallet} and {@link revokeWallets} throw (an action that calls others includes theirs). */
export type DelegatedActionsErrorType = RequestErrorType | WalletProxyErrorType | MfaError

/**
 * Lets the app's back end act with `wallet` within the app's policy until revoked
 * (docs/delegated-actions.md#consent): unlocks the wallet, then the frame hands the server's signer its
 * device share (frame event `privy:delegated-actions:consent`); refreshes the user, whose wallet then reads
 * `delegated: true`. Call it after the user accepted the consent screen.
 *
 * @throws {WalletProxyError} the frame's error: `'error'` with the server's message ('Delegated actions are
 *   not enabled for this app'), `'missing_or_invalid_mfa'` when a recent verification is needed.
 * @throws {EmbeddedWalletError} `'not_authenticated'` when signed out.
 * @example await delegateWallet(client, { wallet })
 */
export async function delegateWallet(
  client: FoyerClient,
  parameters: DelegateWalletParameters,
): Promise<void> {
  const { wallet } = parameters
  await connectWallet(client, { wallet })
  const proxy = await getWalletProxy(client)
  const accessToken = await requireAccessToken(client)
  await proxy.request('privy:delegated-actions:consent', {
    accessToken,
    rootWallet: { address: wallet.entropyId, chainType: wallet.chainType, imported: wallet.imported },
    delegatedWallets: [
      { address: wallet.address, chainType: wallet.chainType, walletIndex: wallet.walletIndex },
    ],
  })
  await refreshUser(client, accessToken)
}

/**
 * What the app may do with a delegated wallet of `chainType` (default ethereum) and which of the user's
 * wallets are delegated to it (docs/delegated-actions.md#terms): `GET
 * /api/v1/embedded_wallets/delegations?chain_type=` → `{ policy (the wallet policy, or null when delegation
 * is off), daily_value_limit_wei (Ethereum: decimal wei per wallet and UTC day, or null),
 * daily_lamports_limit (Solana: lamports, or null), delegated_wallets: [{ id, address, chain_type,
 * wallet_index }], signer_public_key }`. The consent screen shows the terms; a new consent copies them.
 *
 * @throws {ApiError} 401 `missing_or_invalid_token`.
 * @throws {EmbeddedWalletError} `'not_authenticated'` when signed out.
 * @example const { policy, delegated_wallets } = await getDelegations(client)
 */
export async function getDelegations(
  client: FoyerClient,
  parameters: { chainType?: 'ethereum' | 'solana' } = {},
): Promise<DelegationsResponse> {
  const accessToken = await requireAccessToken(client)
  return request(client, 'GET /api/v1/embedded_wallets/delegations', {
    accessToken,
    query: parameters.chainType ? { chain_type: parameters.chainType } : {},
  })
}

/**
 * The user's delegated requests to the app, newest first (docs/delegated-actions.md#activity): `GET
 * /api/v1/embedded_wallets/delegations/activity` → `{ data: [{ id, wallet_id, wallet_address, method,
 * caip2, to, value_wei, decision, rule, reason, outcome, transaction_hash, created_at (Unix s) }],
 * next_cursor }`. `limit` 1 to 100 (default 20); pass `cursor: next_cursor` for the next page.
 *
 * @throws {ApiError} 401 `missing_or_invalid_token`; 400 `invalid_data` for a bad `limit` or `cursor`.
 * @throws {EmbeddedWalletError} `'not_authenticated'` when signed out.
 * @example const { data, next_cursor } = await getDelegatedActivity(client, { limit: 10 })
 */
export async function getDelegatedActivity(
  client: FoyerClient,
  parameters: DelegatedActivityQuery = {},
): Promise<DelegatedActivityResponse> {
  const accessToken = await requireAccessToken(client)
  const query: DelegatedActivityQuery = {}
  if (parameters.limit !== undefined) query.limit = parameters.limit
  if (parameters.cursor !== undefined) query.cursor = parameters.cursor
  return request(client, 'GET /api/v1/embedded_wallets/delegations/activity', { accessToken, query })
}

/**
 * Revokes every delegation of the user to the app (docs/delegated-actions.md#revoke): `POST
 * /api/v1/wallets/revoke`, which deletes the server's copies; then, for each entropy that was delegated and
 * is recovered automatically, the frame re-splits its shares (`privy:wallets:set-recovery` with the same
 * method), so that a copy of the old device share kept anywhere no longer combines with the server's new
 * auth share; refreshes the user. A password-protected wallet keeps its shares (re-splitting needs the
 * password).
 *
 * @returns the wallets whose entropy was re-split
 * @throws {ApiError} 401 `missing_or_invalid_token`.
 * @example await revokeWallets(client)
 */
export async function revokeWallets(client: FoyerClient): Promise<EmbeddedWalletAccount[]> {
  const accessToken = await requireAccessToken(client)
  const delegated = (client.getState().user?.linked_accounts ?? []).filter(
    (account): account is EmbeddedWalletAccount =>
      account.type === 'wallet' && account.wallet_client === 'privy' && account.delegated,
  )
  await request(client, 'POST /api/v1/wallets/revoke', { body: {}, accessToken })
  const resplit: EmbeddedWalletAccount[] = []
  for (const chainType of new Set(delegated.map((account) => account.chain_type))) {
    const root = (client.getState().user?.linked_accounts ?? []).find(
      (account): account is EmbeddedWalletAccount =>
        account.type === 'wallet' &&
        account.wallet_client === 'privy' &&
        account.chain_type === chainType &&
        account.wallet_index === 0,
    )
    if (root?.recovery_method !== 'privy') continue
    const wallet: EmbeddedWalletInfo = {
      address: root.address,
      chainType,
      walletIndex: 0,
      entropyId: root.address,
      recoveryMethod: root.recovery_method,
      imported: root.imported,
      walletClientType: 'privy',
      connectorType: root.imported ? 'embedded_imported' : 'embedded',
    }
    await connectWallet(client, { wallet })
    const proxy = await getWalletProxy(client)
    await proxy.request('privy:wallets:set-recovery', {
      accessToken,
      chainType,
      entropyId: root.address,
      recoveryMethod: 'privy',
      existingRecoveryMethod: 'privy',
    })
    resplit.push(root)
  }
  await refreshUser(client, accessToken)
  return resplit
}

async function refreshUser(client: FoyerClient, accessToken: string): Promise<void> {
  try {
    client._internal.setState({ user: await fetchUser(client, accessToken) })
  } catch (cause) {
    throw new EmbeddedWalletError('user_refresh_failed', { cause })
  }
}
