import { DEMO_USDC, mintTestToken, testTokenBalance } from '@foyer/server/testing'
import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, createTestClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { browser, useBrowser } from './support/browserPage'
import { testWalletsInitScript } from './support/externalWallets/testWalletsInitScript'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'
import { offerWalletTransferFunding } from './support/walletFunding'

// Funding by transfer from another wallet (docs/modal.md "Funding", docs/limits.md): an injected test
// wallet pays the embedded wallet on anvil (31337), then bridges to it from the second anvil (31338) through
// the bridge API stand-in, whose solver pays on 31337.
let stack: Stack
let context: BrowserContext
let page: Page
useBrowser()
const externalKey = generatePrivateKey()
const external = privateKeyToAccount(externalKey).address

beforeAll(async () => {
  stack = await startStack({ bridge: true })
  const chains = stack.chains as NonNullable<Stack['chains']>
  const second = chains.secondAnvil as NonNullable<typeof chains.secondAnvil>
  await offerWalletTransferFunding(stack, { bridging: true })
  await setBalance(chains.anvil.rpcUrl, external, parseEther('1'))
  await setBalance(second.rpcUrl, external, parseEther('1'))
  context = await browser.newContext()
  await context.addInitScript({
    content: await testWalletsInitScript({
      ethereumPrivateKey: externalKey,
      solanaSeedHex: '22'.repeat(32),
      chainId: 31337,
      rpcUrls: { 31337: chains.anvil.rpcUrl, 31338: second.rpcUrl },
    }),
  })
  page = await context.newPage()
  page.setDefaultTimeout(20_000)
}, 120_000)
afterAll(async () => {
  await context?.close()
  await stack?.close()
})

/** Sets `address`'s balance on the anvil at `rpcUrl` to `wei` (`anvil_setBalance` through viem's test client). */
async function setBalance(rpcUrl: string, address: `0x${string}`, wei: bigint) {
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({ address, value: wei })
}

const balanceOn = (rpcUrl: string, address: `0x${string}`) =>
  createPublicClient({ transport: http(rpcUrl) }).getBalance({ address })

/**
 * `button` ('Fund wallet' by default) → 'Transfer from wallet' → 'Confirm or edit amount' (the amount the
 * button asks) → the test wallet's Ethereum side (its Solana side carries a 'Solana' chip). `onWalletList`
 * runs while the wallet list shows.
 */
async function transferFromTestWallet(button = 'Fund wallet', onWalletList?: () => Promise<void>) {
  await page.getByRole('button', { name: button, exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: 'Add funds to your wallet' }).waitFor()
  await dialog.getByRole('button', { name: /Transfer from wallet/ }).click()
  await dialog.getByRole('heading', { name: 'Confirm or edit amount' }).waitFor()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('heading', { name: 'Transfer from wallet' }).waitFor()
  await dialog.getByText('Connect a wallet to deposit funds or send funds manually').waitFor()
  await onWalletList?.()
  await dialog
    .getByRole('list', { name: 'Wallets' })
    .getByRole('button', { name: /^Foyer Test Wallet$/ })
    .click()
  return dialog
}

describe('funding by transfer from another wallet', () => {
  let address: `0x${string}`

  test('default: the injected test wallet sends ETH to the embedded wallet on the local chain', async () => {
    await openDemo(page, stack.demoUrl)
    await signInWithEmail(page, stack.apiUrl, freshEmail('funder'))
    const wallet = page.getByTestId('wallet-address')
    await wallet.waitFor({ timeout: 30_000 })
    address = (await wallet.textContent()) as `0x${string}`
    const anvil = stack.chains?.anvil.rpcUrl as string
    // The user approves only after a look at the transfer screen.
    await page.evaluate(() => {
      window.__testWalletControl.holdEthereumSign = true
    })
    const dialog = await transferFromTestWallet()
    await dialog.getByText('Confirm the transfer of 0.05 ETH in Foyer Test Wallet').waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await page.evaluate(() => window.__testWalletControl.release())
    await dialog.getByText("You've funded your account!").waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached' })
    expect(await balanceOn(anvil, address)).toBe(parseEther('0.05'))
    expect(await balanceOn(anvil, external)).toBeLessThan(parseEther('0.95'))
  })

  test('behavior: without funds on the local chain, it bridges from the second chain (the one option, used directly) and the balance arrives', async () => {
    const anvil = stack.chains?.anvil.rpcUrl as string
    const second = stack.chains?.secondAnvil?.rpcUrl as string
    await setBalance(anvil, external, 0n)
    const dialog = await transferFromTestWallet()
    await dialog.getByRole('heading', { name: 'Bridging from Anvil 2 to Anvil' }).waitFor()
    await dialog.getByText("You've funded your account!").waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached' })
    // The solver paid the embedded wallet on 31337; the test wallet paid the amount plus the fee on 31338.
    expect(await balanceOn(anvil, address)).toBe(parseEther('0.1'))
    expect(await balanceOn(second, external)).toBeLessThan(parseEther('1') - parseEther('0.05'))
    // The balance can arrive before the stand-in has the fill's confirmation.
    const first = () => [...(stack.bridge?.requests.values() ?? [])][0]
    await expect.poll(() => first()?.status).toBe('success')
    expect(first()).toMatchObject({ recipient: address, amountOut: parseEther('0.05') })
  })

  test('behavior: USDC bridges from the second chain as a token (its deposit, then the solver pays USDC) and arrives', async () => {
    const anvil = stack.chains?.anvil.rpcUrl as string
    const second = stack.chains?.secondAnvil?.rpcUrl as string
    await mintTestToken(second, DEMO_USDC.address, external, 20_000_000n) // 20 USDC, none on the local chain
    await setBalance(second, external, parseEther('1')) // gas
    await page.evaluate(() => {
      window.__testWalletControl.holdEthereumSign = true
    })
    const dialog = await transferFromTestWallet('Fund with 5 USDC')
    await dialog.getByRole('heading', { name: 'Bridging from Anvil 2 to Anvil' }).waitFor()
    // Quoted; the test wallet has not approved the deposit yet.
    await expect
      .poll(() => page.evaluate(() => window.__testWalletControl.requests.at(-1)))
      .toBe('eth_sendTransaction')
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await page.evaluate(() => window.__testWalletControl.release())
    await dialog.getByText("You've funded your account!").waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached' })
    expect(await usdcOf(anvil, address)).toBe(5_000_000n)
    expect(await usdcOf(second, external)).toBeLessThan(15_000_000n) // 5 USDC and the relayer fee
    await expect.poll(() => lastBridgeRequest()?.status).toBe('success')
    expect(lastBridgeRequest()).toMatchObject({ recipient: address, amountOut: 5_000_000n })
  })

  test('behavior: an Ethereum wallet funds the Solana wallet through the bridge (EVM to Solana), picked among two networks, and the SOL arrives', async () => {
    const solana = stack.chains?.solana.rpcUrl as string
    // ETH on both local chains: two networks can pay, so they are offered.
    await setBalance(stack.chains?.anvil.rpcUrl as string, external, parseEther('1'))
    await setBalance(stack.chains?.secondAnvil?.rpcUrl as string, external, parseEther('1'))
    const solanaAddress = (await page.getByTestId('solana-address').textContent()) as string
    const before = await lamportsOf(solana, solanaAddress)
    const dialog = await transferFromTestWallet('Fund Solana wallet', async () => {
      expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    })
    await dialog.getByRole('heading', { name: 'Transfer from another network' }).waitFor()
    // The dropdown shows once the balances on each network are read (a spinner until then).
    const from = dialog.getByRole('combobox', { name: 'From' })
    await from.waitFor()
    expect(await from.locator('option').count()).toBe(2)
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await from.selectOption({
      label: (await from.locator('option', { hasText: 'Anvil 2' }).textContent()) ?? '',
    })
    await dialog.getByRole('button', { name: 'Confirm with Foyer Test Wallet' }).click()
    await dialog.getByRole('heading', { name: /^Bridging from Anvil 2 to / }).waitFor()
    await dialog.getByText("You've funded your account!").waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached' })
    // The solver paid 0.5 SOL on the local Solana chain for the ETH the test wallet deposited.
    expect(await lamportsOf(solana, solanaAddress)).toBe(before + 500_000_000n)
    await expect.poll(() => lastBridgeRequest()?.status).toBe('success')
    expect(lastBridgeRequest()).toMatchObject({ recipient: solanaAddress })
  })
})

/** The bridge stand-in's latest request (its status moves to 'success' once the fill is confirmed). */
const lastBridgeRequest = () => [...(stack.bridge?.requests.values() ?? [])].at(-1)

const usdcOf = (rpcUrl: string, holder: `0x${string}`) => testTokenBalance(rpcUrl, DEMO_USDC.address, holder)

async function lamportsOf(rpcUrl: string, address: string): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
  })
  const { result } = (await response.json()) as { result: { value: number } }
  return BigInt(result.value)
}
