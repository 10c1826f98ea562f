import type { FoyerChain } from '@foyer/core'
import { type FundingAsset, usdcAddress } from '@foyer/core/funding'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type Hex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { type Anvil, startAnvil } from '../../../../../../scripts/devchain/startAnvil'
import { installTestToken } from '../../../../../core/test/installTestToken'
import { createFakeApi } from '../../../../../protocol/test/fakeApi'
import { createFakeApiClient, testAppConfig } from '../../../../test/createTestClient'
import { setAnvilBalance } from '../../../../test/localWallets'
import { renderHost } from '../../../../test/renderHost'
import { useFundWallet } from '../../../hooks/useFundWallet'

// Under jsdom `import.meta.url` is not a file URL: name anvil's binary (the root's node_modules) first.
vi.hoisted(() => {
  process.env.ANVIL_PATH ??= `${process.cwd()}/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil`
})

// anvil runs as Base Sepolia (84532), whose USDC contract is known: a minimal token sits at that address.
// 'Anvil' (31337) is the same node under a chain id without a known USDC contract.
const BASE_SEPOLIA = 84532
let anvil: Anvil
let chains: FoyerChain[]
let usdc: Awaited<ReturnType<typeof installTestToken>>
beforeAll(async () => {
  anvil = await startAnvil({ chainId: BASE_SEPOLIA })
  const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  chains = [
    { id: BASE_SEPOLIA, name: 'Base Sepolia', rpcUrl: anvil.rpcUrl, nativeCurrency },
    { id: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, nativeCurrency },
  ]
  usdc = await installTestToken(anvil.rpcUrl, usdcAddress(BASE_SEPOLIA) as Hex)
}, 30_000)
afterAll(async () => {
  await anvil?.stop()
})
afterEach(cleanup)

/** A fresh wallet holding 5 ETH, so a native balance shown in place of the token's would show. */
async function wallet() {
  const address = privateKeyToAccount(generatePrivateKey()).address
  await setAnvilBalance(anvil.rpcUrl, address, parseEther('5'))
  return address
}

type ReceiveRequest = { address: Hex; chainId: number; amount: string; asset: FundingAsset }

/** A host page whose Fund button funds as `parameters` say and records how `fundWallet` ended. */
function FundHost({ parameters, results }: { parameters: ReceiveRequest; results: unknown[] }) {
  const { fundWallet } = useFundWallet()
  const { address, chainId, amount, asset } = parameters
  const fund = () =>
    fundWallet({ address, chain: { id: chainId }, amount, asset }).then(
      (result) => results.push(result),
      (error: unknown) => results.push(error),
    )
  return (
    <button type="button" onClick={() => void fund()}>
      Fund
    </button>
  )
}

/** Opens 'Receive funds' for `address` through `fundWallet` and the method list; returns how it ended. */
async function openReceive(parameters: ReceiveRequest) {
  const api = createFakeApi({
    appConfig: {
      fiat_on_ramp_enabled: true,
      funding_config: {
        ...testAppConfig().funding_config,
        options: [{ method: 'manual', provider: 'privy' }],
      },
    },
  })
  const client = createFakeApiClient(api, { chains })
  const results: unknown[] = []
  renderHost(client, <FundHost parameters={parameters} results={results} />)
  await waitFor(() => expect(client.getState().status).toBe('ready'))
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Fund' }))
  // The funding screens load lazily: the first test waits for their chunks.
  const slow = { timeout: 10_000 }
  await user.click(await screen.findByRole('button', { name: 'Receive funds' }, slow))
  const dialog = await screen.findByRole('dialog', { name: 'Receive funds' }, slow)
  return { user, dialog, results }
}

describe('Receive funds', () => {
  test("behavior: USDC shows the token's balance (6 decimals), not the native coin's, and turns green at the amount", async () => {
    const address = await wallet()
    const { user, dialog, results } = await openReceive({
      address,
      chainId: BASE_SEPOLIA,
      amount: '10',
      asset: 'USDC',
    })
    within(dialog).getByText('Send 10 USDC to this address.')
    const balance = within(dialog).getByTestId('funding-balance')
    await waitFor(() => expect(balance.textContent).toBe('Balance0 USDC'))
    await usdc.setBalance(address, 4_250_000n)
    await waitFor(() => expect(balance.textContent).toBe('Balance4.25 USDC'), { timeout: 5_000 })
    expect(balance.hasAttribute('data-reached')).toBe(false)
    await usdc.setBalance(address, 12_345_678n)
    await waitFor(() => expect(balance.textContent).toBe('Balance12.345678 USDC'), { timeout: 5_000 })
    expect(balance.hasAttribute('data-reached')).toBe(true)
    within(dialog).getByText('Funds received')
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(results).toEqual([{ status: 'completed', method: 'manual' }]))
  }, 30_000)

  test('behavior: a balance that already covers the amount is not green; it turns green once it rose by the amount', async () => {
    // The wallet holds 5 ETH before the screen opens; 1 ETH is asked for.
    const address = await wallet()
    const { dialog, results } = await openReceive({
      address,
      chainId: BASE_SEPOLIA,
      amount: '1',
      asset: 'native',
    })
    const balance = within(dialog).getByTestId('funding-balance')
    await waitFor(() => expect(balance.textContent).toBe('Balance5 ETH'))
    // Two polls later it is still not reached.
    await new Promise((resolve) => setTimeout(resolve, 4500))
    expect(balance.hasAttribute('data-reached')).toBe(false)
    expect(within(dialog).queryByText('Funds received')).toBeNull()
    await setAnvilBalance(anvil.rpcUrl, address, parseEther('5.5'))
    await waitFor(() => expect(balance.textContent).toBe('Balance5.5 ETH'), { timeout: 5_000 })
    expect(balance.hasAttribute('data-reached')).toBe(false)
    await setAnvilBalance(anvil.rpcUrl, address, parseEther('6'))
    await waitFor(() => expect(balance.hasAttribute('data-reached')).toBe(true), { timeout: 5_000 })
    within(dialog).getByText('Funds received')
    await waitFor(() => expect(results).toEqual([{ status: 'completed', method: 'manual' }]))
  }, 30_000)

  test('behavior: an ERC-20 shows its balanceOf with its own symbol and decimals', async () => {
    const address = await wallet()
    const contract = privateKeyToAccount(generatePrivateKey()).address
    const token = await installTestToken(anvil.rpcUrl, contract)
    await token.setBalance(address, 150_000_000n)
    const { dialog } = await openReceive({
      address,
      chainId: BASE_SEPOLIA,
      amount: '1',
      asset: { erc20: contract, symbol: 'TKN', decimals: 8 },
    })
    const balance = within(dialog).getByTestId('funding-balance')
    await waitFor(() => expect(balance.textContent).toBe('Balance1.5 TKN'))
    // Held before the screen opened: nothing received yet.
    expect(balance.hasAttribute('data-reached')).toBe(false)
    await token.setBalance(address, 250_000_000n)
    await waitFor(() => expect(balance.hasAttribute('data-reached')).toBe(true), { timeout: 5_000 })
  }, 30_000)

  test('error: USDC on a chain without a known USDC contract shows no balance, never the native one', async () => {
    const address = await wallet()
    const { dialog } = await openReceive({ address, chainId: 31337, amount: '10', asset: 'USDC' })
    within(dialog).getByText('Make sure to send funds on Anvil')
    await waitFor(() => expect(within(dialog).queryByTestId('funding-balance')).toBeNull())
    expect(within(dialog).queryByText(/ETH/)).toBeNull()
  }, 30_000)
})
