import { FoyerProvider } from '@foyer/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { mock } from '@wagmi/core'
import type { ReactNode } from 'react'
import { http } from 'viem'
import { anvil } from 'viem/chains'
import { afterEach, describe, expect, test } from 'vitest'
import { createConfig, useAccount, useConnect, useConnections, useDisconnect, WagmiProvider } from 'wagmi'
import { testAppId, testUser } from '../../core/test/createTestApi'
import { createWalletTestClient, ethereumAddress, walletUser } from '../../core/test/createWalletTestClient'
import { FoyerWagmiSync } from './FoyerWagmiSync'
import { foyer } from './foyer'

afterEach(() => {
  cleanup()
})

const hostAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A wagmi config as a host writes it: the Foyer connector (no client: the sync binds it) and its own. */
function hostConfig() {
  return createConfig({
    chains: [anvil],
    connectors: [foyer(), mock({ accounts: [hostAddress] })],
    transports: { [anvil.id]: http() },
    storage: null,
    multiInjectedProviderDiscovery: false,
  })
}

function wrapper(
  client: Awaited<ReturnType<typeof createWalletTestClient>>['client'],
  config = hostConfig(),
) {
  const queryClient = new QueryClient()
  return ({ children }: { children: ReactNode }) => (
    <FoyerProvider appId={testAppId} apiUrl="http://api.test" client={client}>
      <WagmiProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <FoyerWagmiSync />
          {children}
        </QueryClientProvider>
      </WagmiProvider>
    </FoyerProvider>
  )
}

const useWagmi = () => ({
  account: useAccount(),
  connections: useConnections(),
  connect: useConnect(),
  disconnect: useDisconnect(),
})

describe('FoyerWagmiSync', () => {
  test('behavior: a restored session with an embedded wallet connects wagmi to it; a logout disconnects it', async () => {
    const { client } = await createWalletTestClient()
    const { result } = renderHook(useWagmi, { wrapper: wrapper(client) })
    await waitFor(() => expect(result.current.account.address).toBe(ethereumAddress))
    expect(result.current.account.connector?.type).toBe('foyer')
    act(() => client._internal.setState({ user: null }))
    await waitFor(() => expect(result.current.account.status).toBe('disconnected'))
  })

  test("behavior: the host's own connection stays; Foyer becomes the active one on sign-in and the host's again on logout", async () => {
    const { client } = await createWalletTestClient({ user: testUser })
    const config = hostConfig()
    const { result } = renderHook(useWagmi, { wrapper: wrapper(client, config) })
    const hostConnector = config.connectors.find((connector) => connector.type === 'mock')!
    await act(() => result.current.connect.connectAsync({ connector: hostConnector }))
    expect(result.current.account.address).toBe(hostAddress)

    act(() => client._internal.setState({ user: walletUser }))
    await waitFor(() => expect(result.current.account.address).toBe(ethereumAddress))
    expect(result.current.account.connector?.type).toBe('foyer')
    expect(result.current.connections.map((connection) => connection.connector.type).sort()).toEqual([
      'foyer',
      'mock',
    ])

    act(() => client._internal.setState({ user: null }))
    await waitFor(() => expect(result.current.account.address).toBe(hostAddress))
    expect(result.current.connections.map((connection) => connection.connector.type)).toEqual(['mock'])
  })

  test('behavior: after a disconnect from wagmi, the sync does not reconnect the same session', async () => {
    const { client } = await createWalletTestClient()
    const { result } = renderHook(useWagmi, { wrapper: wrapper(client) })
    await waitFor(() => expect(result.current.account.address).toBe(ethereumAddress))
    await act(() => result.current.disconnect.disconnectAsync())
    expect(result.current.account.status).toBe('disconnected')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(result.current.account.status).toBe('disconnected')
    expect(client.getState().user).not.toBeNull()
  })
})
