import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'

/** What {@link useWalletConnect} returns. */
export type UseWalletConnectReturnType = {
  /**
   * The account of the page's live WalletConnect session (restored from the browser's storage after a
   * reload): `{ address (EIP-55), chainId }`, or undefined when there is none or the app has no
   * `wallet_connect_cloud_project_id`.
   */
  getSession(): Promise<{ address: `0x${string}`; chainId: number } | undefined>
  /** Ends the page's WalletConnect session (`wc_sessionDelete`, so the phone forgets it too); nothing when none. */
  disconnect(): Promise<void>
}

/**
 * The WalletConnect session of the page (docs/walletconnect.md), for the app's
 * `wallet_connect_cloud_project_id` and the config's `walletConnect.relayUrl` and `chains`. The WalletConnect
 * code loads on the first call, not with the SDK.
 *
 * @throws Error 'useWalletConnect must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { disconnect } = useWalletConnect()
 * await disconnect()
 */
export function useWalletConnect(): UseWalletConnectReturnType {
  const { client, config } = useFoyerContext('useWalletConnect')
  const relayUrl = config?.walletConnect?.relayUrl
  const chains = config?.chains
  const wallet = useCallback(async () => {
    const { walletConnectWalletOf } = await import(
      '../screens/externalWallets/walletConnect/walletConnectWalletOf'
    )
    return walletConnectWalletOf(
      client.getState().appConfig?.wallet_connect_cloud_project_id,
      relayUrl,
      chains,
    )
  }, [client, relayUrl, chains])
  const getSession = useCallback(async () => (await wallet())?.restore(), [wallet])
  const disconnect = useCallback(async () => (await wallet())?.disconnect(), [wallet])
  return useMemo(() => ({ getSession, disconnect }), [getSession, disconnect])
}
