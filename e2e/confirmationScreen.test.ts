import { DEMO_USDC, placeTestToken } from '@foyer/server/testing'
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  maxUint256,
  numberToHex,
  parseEther,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'
import { offerWalletTransferFunding } from './support/walletFunding'

// The Ethereum confirmation in Chromium on anvil (docs/confirmation-screen.md): the demo's 'Sign a token
// approval' (an unlimited approve of its USDC, as a dapp sends) decoded; anvil run as an OP-stack chain, with a
// GasPriceOracle placed at the predeploy address (anvil has none), so the fee includes the L1 data fee and
// the funds check counts it; a send the simulation says reverts.
let stack: Stack
useBrowser({ page: 'file', timeout: 20_000 })

/** The spender of the demo's 'Sign a token approval' (anvil's third dev account). */
const SPENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const GAS_PRICE_ORACLE = '0x420000000000000000000000000000000000000F'
/** The placed oracle's L1 data fee for any transaction: 0.05 ETH, far above the L2 gas fee on anvil. */
const L1_FEE = parseEther('0.05')

/**
 * A GasPriceOracle stand-in, hand-assembled: whatever the call (`getL1Fee(bytes)` included) it returns `fee`
 * as one word. PUSH32 fee, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN.
 */
const oracleCode = (fee: bigint) => `0x7f${fee.toString(16).padStart(64, '0')}60005260206000f3`

async function anvilRpc(method: string, params: unknown[]) {
  const response = await fetch(stack.chains?.anvil.rpcUrl as string, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
}

beforeAll(async () => {
  // The demo treats its anvil as an OP-stack chain (read when the stack's demo server starts).
  process.env.VITE_ANVIL_OP_STACK = 'true'
  try {
    stack = await startStack({ bridge: true })
  } finally {
    delete process.env.VITE_ANVIL_OP_STACK
  }
  await anvilRpc('anvil_setCode', [GAS_PRICE_ORACLE, oracleCode(L1_FEE)])
  // 'Add funds' takes Approve's place only when the app offers funding.
  await offerWalletTransferFunding(stack, { bridging: false })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

/** The text of the row labelled `label` in the dialog's first description list that has it. */
const rowValue = (label: string) =>
  page
    .getByRole('dialog', { name: 'Review transaction' })
    .locator('.foyer-detail-row', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .first()
    .locator('dd')

describe('the Ethereum confirmation screen', () => {
  let address: `0x${string}`

  test("default: an unlimited approve shows Spender, 'Maximum' and USDC; the fee includes the L1 fee; it lands", async () => {
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail('approver'))
    const wallet = page.getByTestId('wallet-address')
    await wallet.waitFor({ timeout: 30_000 })
    address = (await wallet.textContent()) as `0x${string}`
    await page.getByRole('button', { name: /Faucet/ }).click()
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('10')

    await page.getByRole('button', { name: 'Sign a token approval' }).click()
    const dialog = page.getByRole('dialog', { name: 'Review transaction' })
    await dialog.waitFor()
    await expect.poll(() => rowValue('Amount').textContent()).toBe('Maximum')
    expect(await rowValue('Token').textContent()).toBe('USDC')
    expect(await rowValue('Spender').textContent()).toBe('0x3C44…93BC')
    expect(await dialog.getByTitle(SPENDER).count()).toBeGreaterThan(0)
    // Estimated fee = gas × fee per gas (a fraction of a milli-ETH on anvil) + the oracle's 0.05 ETH.
    const fee = (await rowValue('Estimated fee').textContent()) as string
    expect(fee).toMatch(/^0\.050\d* ETH$/)
    expect(Number.parseFloat(fee)).toBeGreaterThan(0.05)
    await dialog.getByRole('button', { name: 'Details' }).click()
    expect(await rowValue('Action').textContent()).toBe('approve')
    expect(await rowValue('L1 data fee').textContent()).toBe('0.05 ETH')
    expect(await dialog.getByText(/error preparing/).count()).toBe(0)

    await dialog.getByRole('button', { name: 'Approve' }).click()
    const success = page.getByRole('dialog', { name: 'Transaction complete!' })
    await success.waitFor()
    await success.getByRole('button', { name: 'All Done' }).click()
    const publicClient = createPublicClient({ transport: http(stack.chains?.anvil.rpcUrl) })
    expect(
      await publicClient.readContract({
        address: DEMO_USDC.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [address, SPENDER],
      }),
    ).toBe(maxUint256)
  })

  test("behavior: enough for the gas but not for gas + L1 fee gets 'Add funds' instead of Approve", async () => {
    // 0.01 ETH: about a hundred times the L2 gas of the approval, a fifth of the L1 fee.
    await anvilRpc('anvil_setBalance', [address, numberToHex(parseEther('0.01'))])
    await page.getByRole('button', { name: 'Sign a token approval' }).click()
    const dialog = page.getByRole('dialog', { name: 'Review transaction' })
    await dialog.getByText('Wallet has insufficient funds for this transaction.').waitFor()
    await dialog.getByText('Add funds on Anvil to complete transaction.').waitFor()
    await dialog.getByRole('button', { name: 'Add funds' }).waitFor()
    expect(await dialog.getByRole('button', { name: 'Approve' }).count()).toBe(0)
    // Without the L1 fee the same wallet could pay: the oracle's fee is what made it short.
    const publicClient = createPublicClient({ transport: http(stack.chains?.anvil.rpcUrl) })
    const gas = await publicClient.estimateGas({
      account: address,
      to: DEMO_USDC.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }),
    })
    const { maxFeePerGas } = await publicClient.estimateFeesPerGas()
    expect(gas * maxFeePerGas).toBeLessThan(parseEther('0.01'))
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await anvilRpc('anvil_setBalance', [address, numberToHex(parseEther('10'))])
  })

  test('error: a send the simulation says reverts shows the prepare error', async () => {
    // The token now reverts every call: PUSH1 0, PUSH1 0, REVERT.
    await anvilRpc('anvil_setCode', [DEMO_USDC.address, '0x60006000fd'])
    try {
      await page.getByRole('button', { name: 'Sign a token approval' }).click()
      const dialog = page.getByRole('dialog', { name: 'Review transaction' })
      await dialog
        .getByText(
          'There was an error preparing your transaction. Your transaction request will likely fail.',
        )
        .waitFor()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
    } finally {
      await placeTestToken(stack.chains?.anvil.rpcUrl as string, DEMO_USDC)
    }
  })
})
