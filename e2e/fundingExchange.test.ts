import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { browser, page, useBrowser } from './support/browserPage'
import { signInAndReadWalletAddress } from './support/embeddedWallet'
import { freshEmail, openDemo } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'
import { expectUsageFunding } from './support/usageFunding'

// Exchange funding: 'Transfer from an exchange' through the Coinbase Onramp stand-in. The
// server asks the stand-in for a session token with a CDP JWT it verifies; the modal opens its pay page in
// the 440 × 680 popup and polls the status; the stand-in delivers on a local chain with Base's id (8453).
let stack: Stack
useBrowser({ page: 'file', timeout: 20_000 })
let address: `0x${string}`

beforeAll(async () => {
  stack = await startStack({ coinbase: true })
  await openDemo(page, stack.demoUrl)
  address = await signInAndReadWalletAddress(page, stack.apiUrl, freshEmail('exchange'))
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

const balanceOnBase = () =>
  createPublicClient({ transport: http(stack.coinbase?.base.rpcUrl) }).getBalance({ address })

describe('exchange funding in Chromium against the Coinbase Onramp stand-in', () => {
  test("default: 'Transfer from an exchange' buys on the pay page and ends in 'You've funded your account!'", async () => {
    await page.getByLabel('Amount', { exact: true }).fill('0.03')
    await page.getByRole('button', { name: 'Fund on Base' }).click()
    const methods = page.getByRole('dialog', { name: 'Add funds to your wallet' })
    await methods.getByRole('button', { name: 'Transfer from an exchange' }).click()
    const confirm = page.getByRole('dialog', { name: 'Confirm or edit amount' })
    expect(await confirm.getByRole('textbox').inputValue()).toBe('0.03')
    const opened = page.waitForEvent('popup')
    await confirm.getByRole('button', { name: 'Continue' }).click()
    const payPage = await opened
    expect(payPage.viewportSize()).toEqual({ width: 440, height: 680 })

    // The pay page got the session: the wallet on Base, the amount, the exchange experience.
    await payPage.getByRole('button', { name: 'Buy now' }).waitFor()
    expect(await payPage.getByTestId('network').textContent()).toBe('base')
    expect((await payPage.getByTestId('address').textContent())?.toLowerCase()).toBe(address.toLowerCase())
    expect(await payPage.getByTestId('payment-method').textContent()).toBe('CRYPTO_ACCOUNT')
    expect(await payPage.getByLabel(/Amount/).inputValue()).toBe('0.03')
    const status = page.getByRole('dialog', { name: 'Fund account' })
    await status.getByText('Go back to Coinbase Onramp to finish funding your account.').waitFor()
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })

    // The session token was asked with a CDP JWT the stand-in verified, bound to its request.
    const [tokenRequest] = stack.coinbase?.onramp.tokenRequests ?? []
    expect(tokenRequest?.claims).toMatchObject({ iss: 'cdp', sub: stack.coinbase?.onramp.apiKey.id })
    expect(tokenRequest?.body.addresses).toEqual([{ address, blockchains: ['base'] }])
    expect(stack.coinbase?.onramp.refusals).toEqual([])

    await payPage.getByRole('button', { name: 'Buy now' }).click()
    await payPage.getByRole('status').getByText('Purchase complete').waitFor()
    await payPage.getByRole('button', { name: 'Close' }).click()
    await status.getByText("You've funded your account!").waitFor({ timeout: 30_000 })
    await status.getByText('It may take a few minutes for the assets to appear.').waitFor()
    expect(await balanceOnBase()).toBe(parseEther('0.03'))
    expect(stack.coinbase?.onramp.transactions).toEqual([
      expect.objectContaining({
        status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
        purchase_network: 'base',
        purchase_currency: 'ETH',
        wallet_address: address,
      }),
    ])
    await status.getByRole('button', { name: 'Done' }).click()
    await status.waitFor({ state: 'detached' })

    // The SDK recorded the on-ramp's start and completion: the console's usage counts both
    // (docs/console.md#usage).
    await expectUsageFunding(browser, stack, { started: 1, completed: 1 })
  })
})
