import type { AppConfig } from '@foyer/protocol'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createTestClient, TEST_APP_ID } from '../../test/createTestClient'
import { FoyerProvider } from '../FoyerProvider/FoyerProvider'
import { useSmartWallets } from './useSmartWallets'

afterEach(() => {
  cleanup()
})

function renderSmartWallets(appConfig: Partial<AppConfig> | undefined) {
  const { client } = createTestClient({}, appConfig ? { appConfig } : {})
  return renderHook(() => useSmartWallets(), {
    wrapper: ({ children }) => (
      <FoyerProvider appId={TEST_APP_ID} apiUrl="http://foyer.test" client={client}>
        {children}
      </FoyerProvider>
    ),
  })
}

describe('useSmartWallets', () => {
  test('default: smart wallets off → no client, no error; a client for a chain is refused with smart_wallets_not_configured', async () => {
    const { result } = renderSmartWallets(undefined)

    expect(result.current).toMatchObject({ client: undefined, sponsored: false, error: null })
    await expect(result.current.getClientForChain({ id: 31337 })).rejects.toMatchObject({
      name: 'SmartWalletError',
      code: 'smart_wallets_not_configured',
      shortMessage: 'Smart wallets are not enabled for this app.',
    })
  })

  test("error: smart wallets on, but a chain that is not one of the client's → smart_wallets_not_configured naming it", async () => {
    const { result } = renderSmartWallets({
      smart_wallet_config: {
        enabled: true,
        smart_wallet_type: 'safe',
        configured_networks: [{ chain_id: 'eip155:31337', bundler_url: 'http://127.0.0.1:4337' }],
      },
    })
    await waitFor(() => expect(result.current.error).toBeNull())

    await expect(result.current.getClientForChain({ id: 999_999 })).rejects.toMatchObject({
      code: 'smart_wallets_not_configured',
      shortMessage: "Chain 999999 is not one of the client's chains.",
    })
  })
})
