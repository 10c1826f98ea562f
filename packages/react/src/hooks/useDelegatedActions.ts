import { getEmbeddedWallets } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadWallet } from './loadWallet'

/** What {@link useDelegatedActions} returns. */
export type UseDelegatedActionsReturnType = {
  /**
   * Delegates the embedded wallet `address` (default: the first of `chainType`, default Ethereum) to the
   * app's back end, within the app's policy (docs/delegated-actions.md#consent). It acts at once: show the
   * user what the app will be able to do and get their consent first (the modal's consent screen is not
   * built yet). Rejects with `Error` when there is no such wallet, and with core's `WalletProxyError`
   * (`'error'` with the server's message, e.g. 'Delegated actions are not enabled for this app').
   */
  delegateWallet(options?: { address?: string; chainType?: 'ethereum' | 'solana' }): Promise<void>
  /**
   * Revokes every delegation of the user to the app and re-splits the shares of the wallets that were
   * delegated (docs/delegated-actions.md#revoke); the user's wallets then read `delegated: false`.
   */
  revokeWallets(): Promise<void>
}

/**
 * Delegated actions: let the app's back end act with the user's embedded wallet within the app's policy,
 * until revoked (docs/delegated-actions.md).
 *
 * @returns {@link UseDelegatedActionsReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { delegateWallet, revokeWallets } = useDelegatedActions()
 * await delegateWallet({ address: wallet.address, chainType: 'ethereum' })
 */
export function useDelegatedActions(): UseDelegatedActionsReturnType {
  const { client } = useFoyerContext('useDelegatedActions')
  const delegateWallet = useCallback<UseDelegatedActionsReturnType['delegateWallet']>(
    async (options = {}) => {
      const wallets = getEmbeddedWallets(client.getState().user, options.chainType ?? 'ethereum')
      const wallet = options.address
        ? wallets.find((candidate) => candidate.address.toLowerCase() === options.address?.toLowerCase())
        : wallets[0]
      if (!wallet) throw new Error('Must have an embedded wallet before delegating it')
      await (await loadWallet()).delegateWallet(client, { wallet })
    },
    [client],
  )
  const revokeWallets = useCallback(async () => {
    await (await loadWallet()).revokeWallets(client)
  }, [client])
  return useMemo(() => ({ delegateWallet, revokeWallets }), [delegateWallet, revokeWallets])
}
