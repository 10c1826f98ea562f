import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { browser, page, useBrowser } from './support/browserPage'
import { signInAndReadWalletAddress } from './support/embeddedWallet'
import { freshEmail, openDemo } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'
import { expectUsageFunding } from './support/usageFunding'

// Funding: 'Add funds' from a short send, manual receive, and card funding through the MoonPay
// stand-in (its signed widget page in the 440 × 680 popup, its transaction status polled by the modal).
let stack: Stack
useBrowser({ page: 'file', timeout: 20_000 })
let address: `0x${string}`

// anvil's first dev account (funded at genesis): the "other wallet" that sends to the embedded one.
const sender = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

beforeAll(async () => {
  stack = await startStack({ chains: true, funding: true })
  await openDemo(page, stack.demoUrl)
  address = await signInAndReadWalletAddress(page, stack.apiUrl, freshEmail('funder'))
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

const balanceOf = () =>
  createPublicClient({ transport: http(stack.chains?.anvil.rpcUrl) }).getBalance({ address })
const methods = () => page.getByRole('dialog', { name: 'Add funds to your wallet' })

/** 'Fund wallet' → Pay with card → 'Confirm or edit amount' → Continue; returns the MoonPay popup. */
async function startCardPurchase(amount: string): Promise<Page> {
  await page.getByLabel('Amount', { exact: true }).fill(amount)
  await page.getByRole('button', { name: 'Fund wallet' }).click()
  await methods()
    .getByRole('button', { name: /Pay with card/ })
    .click()
  const confirm = page.getByRole('dialog', { name: 'Confirm or edit amount' })
  await confirm.getByRole('textbox').waitFor()
  expect(await confirm.getByRole('textbox').inputValue()).toBe(amount)
  // The fiat estimate from token_price (the price stand-in: 3000 USD per ETH).
  await confirm.getByText(`≈ $${(Number(amount) * 3000).toFixed(2)}`).waitFor()
  const popup = page.waitForEvent('popup')
  await confirm.getByRole('button', { name: 'Continue' }).click()
  const widget = await popup
  await widget.getByRole('button', { name: 'Buy' }).waitFor()
  return widget
}

describe('funding in Chromium against the stand-ins', () => {
  test("behavior: a send that lacks funds offers 'Add funds', which opens 'Add funds to your wallet'", async () => {
    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    const review = page.getByRole('dialog', { name: 'Review transaction' })
    await review.getByText('Wallet has insufficient funds for this transaction.').waitFor()
    await review.getByRole('button', { name: 'Add funds' }).click()
    await methods()
      .getByRole('button', { name: /Pay with card/ })
      .waitFor()
    await methods().getByRole('button', { name: 'Receive funds' }).waitFor()
    await methods().getByRole('button', { name: 'Back' }).click()
    await review.getByRole('button', { name: 'Add funds' }).waitFor()
    await review.getByRole('button', { name: 'Cancel' }).click()
    await review.waitFor({ state: 'detached' })
  })

  test('behavior: manual receive shows the address and turns green once a send arrives', async () => {
    await page.getByLabel('Amount', { exact: true }).fill('0.05')
    await page.getByRole('button', { name: 'Fund wallet' }).click()
    await methods().getByRole('button', { name: 'Receive funds' }).click()
    const receive = page.getByRole('dialog', { name: 'Receive funds' })
    await receive.getByText('Make sure to send funds on Anvil').waitFor()
    expect(
      await receive
        .getByRole('img', { name: 'QR code of your wallet address' })
        .getAttribute('data-qr-value'),
    ).toBe(address)
    const balance = receive.getByTestId('funding-balance')
    await balance.getByText('0 ETH').waitFor()
    expect(await balance.getAttribute('data-reached')).toBeNull()

    const wallet = createWalletClient({ account: sender, transport: http(stack.chains?.anvil.rpcUrl) })
    await wallet.sendTransaction({ to: address, value: parseEther('0.05'), chain: null })
    await balance.getByText('0.05 ETH').waitFor()
    await expect.poll(() => balance.getAttribute('data-reached')).toBe('true')
    await receive.getByText('Funds received').waitFor()
    await receive.getByRole('button', { name: 'Done' }).click()
    await receive.waitFor({ state: 'detached' })

    // Opened again while the balance (0.05) already covers the amount: not green until it rises by 0.05 more.
    await page.getByRole('button', { name: 'Fund wallet' }).click()
    await methods().getByRole('button', { name: 'Receive funds' }).click()
    const again = page.getByRole('dialog', { name: 'Receive funds' }).getByTestId('funding-balance')
    await again.getByText('0.05 ETH').waitFor()
    await page.waitForTimeout(1_500) // a few balance polls
    expect(await again.getAttribute('data-reached')).toBeNull()
    await wallet.sendTransaction({ to: address, value: parseEther('0.05'), chain: null })
    await again.getByText('0.1 ETH').waitFor()
    await expect.poll(() => again.getAttribute('data-reached')).toBe('true')
    await page.getByRole('dialog', { name: 'Receive funds' }).getByRole('button', { name: 'Done' }).click()
  })

  test("default: card funding through the MoonPay stand-in ends in 'You've funded your account!'", async () => {
    const before = await balanceOf()
    const widget = await startCardPurchase('0.02')
    expect(widget.viewportSize()).toEqual({ width: 440, height: 680 })
    await widget.getByRole('button', { name: 'Buy' }).click()
    await widget.getByText('Purchase complete').waitFor()
    const status = page.getByRole('dialog', { name: 'Fund account' })
    await status.getByText('Go back to MoonPay to finish funding your account.').waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    await status.getByText("You've funded your account!").waitFor({ timeout: 30_000 })
    await status.getByText('It may take a few minutes for the assets to appear.').waitFor()
    // The purchase as MoonPay reports it: the stand-in charges 3000 USD per ETH and 1.50 USD of fees.
    const rows = await status
      .locator('dl > div')
      .evaluateAll((items) =>
        items.map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent]),
      )
    expect(rows).toEqual([
      ['Payment method', 'Card'],
      ['Paid', '60.00 USD'],
      ['Bought', '0.02 ETH'],
      ['Fees (included)', '1.50 USD'],
    ])
    expect(await balanceOf()).toBe(before + parseEther('0.02'))
    const [purchase] = [...(stack.funding?.moonpay.purchases.values() ?? [])]
    expect(purchase).toMatchObject({
      walletAddress: address,
      currencyCode: 'eth_ethereum',
      status: 'completed',
    })
    await widget.close()
    await status.getByRole('button', { name: 'Done' }).click()
    await status.waitFor({ state: 'detached' }) // The SDK recorded the on-ramp's start and completion (docs/console.md#usage).
    await expectUsageFunding(browser, stack, { started: 1, completed: 1 })
  })

  test('error: a failed card purchase returns to method selection with the error', async () => {
    const widget = await startCardPurchase('0.01')
    await widget.getByRole('button', { name: 'Fail purchase' }).click()
    await widget.getByText('Purchase failed').waitFor()
    await methods()
      .getByText(
        'Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.',
      )
      .waitFor({ timeout: 30_000 })
    await methods()
      .getByRole('button', { name: /Pay with card/ })
      .waitFor()
    expect(stack.funding?.moonpay.refusedLoads()).toBe(0)
  })
})
