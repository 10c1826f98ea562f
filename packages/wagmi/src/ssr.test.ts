import { FoyerProvider } from '@foyer/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { http } from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import {
  cookieStorage,
  cookieToInitialState,
  createConfig,
  createStorage,
  injected,
  useAccount,
  WagmiProvider,
} from 'wagmi'
import { testAppId } from '../../core/test/createTestApi'
import { ethereumAddress } from '../../core/test/createWalletTestClient'
import { FoyerWagmiSync } from './FoyerWagmiSync'
import { foyer } from './foyer'

function Status() {
  const { status, address } = useAccount()
  return createElement('p', null, `${status} ${address ?? 'none'}`)
}

describe('server rendering', () => {
  test("behavior: the providers and the sync render in Node with wagmi's cookieStorage, from the request's cookie", () => {
    expect(typeof window).toBe('undefined')
    const config = createConfig({
      chains: [anvil],
      connectors: [foyer(), injected()],
      transports: { [anvil.id]: http() },
      ssr: true,
      storage: createStorage({ storage: cookieStorage }),
    })
    const cookie = `wagmi.store=${JSON.stringify({
      state: {
        connections: {
          __type: 'Map',
          value: [
            [
              'uid-1',
              {
                accounts: [ethereumAddress],
                chainId: anvil.id,
                connector: { id: 'foyer', name: 'Foyer', type: 'foyer', uid: 'uid-1' },
              },
            ],
          ],
        },
        chainId: anvil.id,
        current: 'uid-1',
      },
      version: 2,
    })}`
    const initialState = cookieToInitialState(config, cookie)
    const html = renderToString(
      createElement(
        FoyerProvider,
        { appId: testAppId, apiUrl: 'http://api.test' },
        createElement(
          WagmiProvider,
          { config, initialState },
          createElement(
            QueryClientProvider,
            { client: new QueryClient() },
            createElement(FoyerWagmiSync),
            createElement(Status),
          ),
        ),
      ),
    )
    // The page is served with the wallet of the last visit, as wagmi reconnects (the client's session restores
    // only in the browser).
    expect(html).toContain(`<p>reconnecting ${ethereumAddress}</p>`)
  })
})
