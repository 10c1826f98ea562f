import type { ExternalEip1193Provider } from '@foyer/core/external-wallets'
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
  /**
   * The EIP-1193 provider of the page's WalletConnect wallet (`request({ method, params })`), to sign and send
   * with the connected phone wallet: `personal_sign`, `eth_signTypedData_v4`, `eth_sendTransaction` go to the
   * phone over the session (a request within 2.5 s of a fresh session waits out the rest, docs/walletconnect.md);
   * read calls (`eth_call`, `eth_getBalance`…) go to the configured chain's `rpcUrl`. Requests need a live
   * session (read `getSession()` first; one is made by signing in or linking with WalletConnect). Undefined
   * when the app has no `wallet_connect_cloud_project_id`.
   */
  getEthereumProvider(): Promise<ExternalEip1193Provider | undefined>
}

/**
 * The WalletConnect session of the page (docs/walletconnect.md), for the app's
 * `wallet_connect_cloud_project_id` and the config's `walletConnect.relayUrl` and `chains`. The WalletConnect
 * code loads on the first call, not with the SDK.
 *
 * @throws Error 'useWalletConnect must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { getSession, getEthereumProvider, disconnect } = useWalletConnect()
 * const session = await getSession()
 * const provider = await getEthereumProvider()
 * if (session && provider) await provider.request({ method: 'personal_sign', params: [toHex('Hi'), session.address] })
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
  const getEthereumProvider = useCallback(async () => (await wallet())?.provider, [wallet])
  return useMemo(
    () => ({ getSession, disconnect, getEthereumProvider }),
    [getSession, disconnect, getEthereumProvider],
  )
}
