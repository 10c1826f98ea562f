import { type FoyerClient, getEmbeddedWallets } from '@foyer/core'
import { useFoyerClient } from '@foyer/react'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { useAccount, useConfig, useConnections, useConnectors } from 'wagmi'
import { connect } from 'wagmi/actions'
import { type FoyerConnector, foyerConnectorType } from './foyer'

/**
 * Makes wagmi follow the Foyer session (docs/wagmi.md), inside both `FoyerProvider` and `WagmiProvider`:
 * binds the provider's core client to the config's Foyer connector (`foyer()` in `createConfig`'s
 * `connectors`), so a sign-in or a new embedded Ethereum wallet connects wagmi to it and a logout
 * disconnects it; and, once the session is restored on page load, connects the Foyer connector when the
 * user has an embedded Ethereum wallet, wagmi holds no connection through it and is not connecting, and
 * wagmi was not disconnected from it since the last sign-in. Uses only wagmi's public hooks and actions;
 * the host's other connectors and connections are left alone. Renders on the server (it reads nothing
 * there and acts only in effects).
 *
 * @throws Error 'useFoyerClient must be used within <FoyerProvider>.' outside `FoyerProvider`, and wagmi's
 *   `WagmiProviderNotFoundError` outside `WagmiProvider`; without a Foyer connector in the config it does
 *   nothing.
 *
 * @example
 * <FoyerProvider appId={appId} apiUrl={apiUrl}>
 *   <WagmiProvider config={wagmiConfig}>
 *     <QueryClientProvider client={queryClient}>
 *       <FoyerWagmiSync />
 *       <App />
 *     </QueryClientProvider>
 *   </WagmiProvider>
 * </FoyerProvider>
 */
export function useFoyerWagmiSync(): void {
  const client = useFoyerClient()
  const config = useConfig()
  const connector = useConnectors().find((candidate) => candidate.type === foyerConnectorType) as
    | FoyerConnector
    | undefined
  const { status } = useAccount()
  const viaFoyer = useConnections().some((connection) => connection.connector.uid === connector?.uid)
  const address = useEmbeddedAddress(client)

  useEffect(() => {
    if (!connector) return
    connector.setClient(client)
    return () => connector.setClient(null)
  }, [connector, client])

  useEffect(() => {
    if (!connector || !address || viaFoyer) return
    if (status === 'connecting' || status === 'reconnecting') return
    let active = true
    connector
      .isAuthorized()
      .then((authorized) => {
        // A failure (e.g. a connection made meanwhile) is wagmi's to report through `useConnect`.
        if (active && authorized) return connect(config, { connector })
      })
      .catch(() => {})
    return () => {
      active = false
    }
  }, [config, connector, address, viaFoyer, status])
}

/**
 * {@link useFoyerWagmiSync} as a component that renders nothing.
 *
 * @example
 * <WagmiProvider config={wagmiConfig}><FoyerWagmiSync />…</WagmiProvider>
 */
export function FoyerWagmiSync(): null {
  useFoyerWagmiSync()
  return null
}

/** The user's first embedded Ethereum wallet address once the client is ready; `undefined` on the server. */
function useEmbeddedAddress(client: FoyerClient): string | undefined {
  const subscribe = useCallback((listener: () => void) => client.subscribe(listener), [client])
  const read = useCallback(() => {
    const state = client.getState()
    if (state.status !== 'ready') return undefined
    return getEmbeddedWallets(state.user, 'ethereum')[0]?.address
  }, [client])
  return useSyncExternalStore(subscribe, read, () => undefined)
}
