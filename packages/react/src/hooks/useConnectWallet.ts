import type { ConnectedExternalWallet, WalletConnection } from '@foyer/core/external-wallets'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadExternalWallets } from './loadExternalWallets'

/** What {@link useConnectWallet} returns. */
export type UseConnectWalletReturnType = {
  /**
   * Opens the modal on the connect-only wallet list (docs/modal.md): the user picks a browser wallet
   * (Ethereum or Solana) and approves the connection; no sign-in. Resolves with
   * `{ address, chainType, chainId, walletClientType, connectorType }`; rejects with
   * `UserRejectedRequestError` when the modal is closed.
   */
  connectWallet(): Promise<ConnectedExternalWallet>
  /**
   * The wallets that connected in this browser for this app, most recent first: `{ address, connectorType,
   * walletClientType, connectedAt (ms) }` (docs/wire.md).
   */
  getConnectionHistory(): Promise<WalletConnection[]>
}

/**
 * Connects browser wallets without signing in, and reads the connection history. The wallet list and the
 * discovery code load lazily.
 *
 * @throws Error 'useConnectWallet must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { connectWallet } = useConnectWallet()
 * const { address } = await connectWallet()
 */
export function useConnectWallet(): UseConnectWalletReturnType {
  const { client, openFlow } = useFoyerContext('useConnectWallet')
  const connect = useCallback(
    () =>
      openFlow<ConnectedExternalWallet>((settle) => ({
        id: 'walletList',
        params: { mode: 'connect', settle },
      })),
    [openFlow],
  )
  const history = useCallback(
    async () => (await loadExternalWallets()).getWalletConnectionHistory(client),
    [client],
  )
  return useMemo(() => ({ connectWallet: connect, getConnectionHistory: history }), [connect, history])
}
