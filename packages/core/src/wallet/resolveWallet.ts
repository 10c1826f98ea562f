import type { ChainType } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import type { EmbeddedWalletInfo } from './EmbeddedWalletInfo'
import { EmbeddedWalletError } from './errors/EmbeddedWalletError'
import { getEmbeddedWallets } from './getEmbeddedWallets'

/**
 * The wallet an action acts with: the given one (re-read from the user, by address), else the user's first
 * embedded wallet of `chainType`.
 *
 * @throws {EmbeddedWalletError} `'not_authenticated'` when signed out; `'wallet_missing'` ('Must have a Privy
 *   wallet before signing') when there is no such wallet.
 * @internal
 */
export function resolveWallet(
  client: FoyerClient,
  chainType: ChainType,
  wanted?: Pick<EmbeddedWalletInfo, 'address'> | string | undefined,
): EmbeddedWalletInfo {
  const user = client.getState().user
  if (!user) throw new EmbeddedWalletError('not_authenticated')
  const wallets = getEmbeddedWallets(user, chainType)
  const address = typeof wanted === 'string' ? wanted : wanted?.address
  const match = (candidate: EmbeddedWalletInfo) =>
    chainType === 'ethereum'
      ? candidate.address.toLowerCase() === address?.toLowerCase()
      : candidate.address === address
  const wallet = address === undefined ? wallets[0] : wallets.find(match)
  if (!wallet) throw new EmbeddedWalletError('wallet_missing')
  return wallet
}

/** Whether the wallet screens should prompt (a UI is registered and `showWalletUIs` is not `false`). @internal */
export function promptUi(client: FoyerClient) {
  return client.embeddedWallets.showWalletUIs === false ? undefined : client._internal.wallet.ui
}
