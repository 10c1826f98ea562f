import type { User } from '@foyer/protocol'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { createTestClient, TEST_APP_ID, testEmbeddedWallet, testUser } from '../../test/createTestClient'
import { FoyerProvider } from '../FoyerProvider/FoyerProvider'
import { useSolanaWallets } from './useSolanaWallets'
import { useWallets } from './useWallets'

afterEach(cleanup)

const ethereum = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solana = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const account = testEmbeddedWallet
const walletUser: User = {
  ...testUser,
  linked_accounts: [...testUser.linked_accounts, account(ethereum, 'ethereum'), account(solana, 'solana')],
}

function setup() {
  const { client } = createTestClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FoyerProvider appId={TEST_APP_ID} apiUrl="http://foyer.test" client={client}>
      {children}
    </FoyerProvider>
  )
  return { client, wrapper }
}

describe('useWallets', () => {
  test('default: the embedded wallets of the signed-in user, with an EIP-1193 provider', async () => {
    const { client, wrapper } = setup()
    const { result } = renderHook(() => ({ ethereum: useWallets(), solana: useSolanaWallets() }), { wrapper })
    await waitFor(() => expect(result.current.ethereum.ready).toBe(true))
    expect(result.current.ethereum.wallets).toEqual([])
    act(() => client._internal.setState({ user: walletUser }))
    expect(result.current.ethereum.wallets.map((wallet) => wallet.address)).toEqual([ethereum])
    expect(result.current.solana.wallets.map((wallet) => wallet.address)).toEqual([solana])
    const provider = await result.current.ethereum.wallets[0]!.getEthereumProvider()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ethereum])
  })

  test('behavior: not ready while createOnLogin wallets are being created', async () => {
    const { client, wrapper } = setup()
    const { result } = renderHook(() => useWallets(), { wrapper })
    await waitFor(() => expect(result.current.ready).toBe(true))
    act(() =>
      client._internal.setState({
        walletCreation: { status: 'creating', chainTypes: ['ethereum'], error: null },
      }),
    )
    expect(result.current.ready).toBe(false)
  })
})
