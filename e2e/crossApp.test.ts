import { DEMO_PROVIDER_APP_ID } from '@foyer/server'
import type { Page } from 'playwright-core'
import { createPublicClient, createTestClient, http, parseEther, verifyMessage } from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { page, useBrowser } from './support/browserPage'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, submitEmail, typeMailedCode, waitForTestId } from './support/signInWithEmail'

// Cross-app in Chromium: the demo app (requester, http://127.0.0.1:<port>) signs in with an
// account of the provider demo app, whose pages are the same demo web app on http://localhost:<port> — another
// origin, so the popup is really cross-origin. Then a message signed with the provider's wallet through the
// provider's transact page, a transaction sent from it on anvil, and a transaction refused once the provider
// is read-only.

useSharedStack()
useBrowser({ page: 'each', contextOptions: { viewport: { width: 1280, height: 800 } }, timeout: 30_000 })

beforeAll(async () => {
  const port = new URL(stack.demoUrl).port
  // The seeded provider app, its pages on the other loopback name (before the server first loads it).
  await stack.updateAppSettings(DEMO_PROVIDER_APP_ID, {
    cross_app: { web_url: `http://localhost:${port}/?appId=${DEMO_PROVIDER_APP_ID}` },
  })
}, 120_000)

/** Signs in to the provider in its own modal, which its authorize page opens at once. */
async function signInAtProvider(popup: Page, email: string): Promise<void> {
  const dialog = popup.getByRole('dialog')
  const since = await submitEmail(popup, dialog, email)
  await typeMailedCode(popup, dialog, stack.apiUrl, { to: email, since })
}

type CrossAppAccount = { type: string; provider_app_id: string; embedded_wallets: { address: string }[] }

async function crossAppAccount(): Promise<CrossAppAccount | undefined> {
  const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
  return (user.linked_accounts ?? []).find((account: CrossAppAccount) => account.type === 'cross_app')
}

describe('cross-app', () => {
  test('default: sign in with the provider account, sign and send with its wallet; a read-only provider refuses a transaction', async () => {
    await openDemo(page, `${stack.demoUrl}?crossAppProvider=${DEMO_PROVIDER_APP_ID}`)
    await page.getByRole('button', { name: 'Log in' }).click()
    const entry = page.getByRole('dialog').getByRole('button', { name: 'Continue with Foyer Demo Provider' })
    const opened = page.waitForEvent('popup')
    await entry.click()
    const popup = await opened
    await popup.waitForURL(/\/oauth\/authorize\?/)
    // The modal waits behind the provider app's popup.
    expect(await contrastInBothThemes(page)).toEqual({ light: [], dark: [] })
    expect(new URL(popup.url()).origin).not.toBe(new URL(stack.demoUrl).origin)
    expect(new URL(popup.url()).hostname).toBe('localhost')
    await signInAtProvider(popup, freshEmail('provider'))
    // The consent, once the provider user has a wallet.
    await popup
      .getByRole('heading', { name: 'Foyer Demo wants to use your Foyer Demo Provider account' })
      .waitFor({
        timeout: 60_000,
      })
    const closed = popup.waitForEvent('close', { timeout: 60_000 })
    await popup.getByRole('button', { name: 'Allow' }).click()
    await closed
    await waitForTestId(page, 'authenticated', 'true')
    const account = await crossAppAccount()
    expect(account).toMatchObject({ type: 'cross_app', provider_app_id: DEMO_PROVIDER_APP_ID })
    const address = account?.embedded_wallets[0]?.address as `0x${string}`
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await waitForTestId(page, 'cross-app-wallet', address)

    // A message signed with the provider's wallet, confirmed on the provider's page.
    const transact = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Sign a message with the provider wallet' }).click()
    const transactPopup = await transact
    await transactPopup.waitForURL(/\/oauth\/transact\?/)
    const dialog = transactPopup.getByRole('dialog', { name: 'Sign message' })
    await dialog.getByText('Hello from the Foyer demo').waitFor()
    const transactClosed = transactPopup.waitForEvent('close', { timeout: 60_000 })
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await transactClosed
    await expect.poll(() => page.getByTestId('cross-app-outcome').textContent()).toMatch(/^0x[0-9a-f]+$/)
    const signature = (await page.getByTestId('cross-app-outcome').textContent()) as `0x${string}`
    expect(await verifyMessage({ address, message: 'Hello from the Foyer demo', signature })).toBe(true)

    // A transaction from the provider's wallet on anvil, confirmed on the provider's page.
    const rpcUrl = stack.chains?.anvil.rpcUrl ?? ''
    await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
      address,
      value: parseEther('1'),
    })
    const sending = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Send 0.001 ETH with the provider wallet' }).click()
    const sendPopup = await sending
    const review = sendPopup.getByRole('dialog', { name: 'Review transaction' })
    await review.getByText('0.001 ETH').first().waitFor({ timeout: 60_000 })
    // The provider page answers with the hash and closes once the transaction is sent.
    const sendClosed = sendPopup.waitForEvent('close', { timeout: 60_000 })
    await review.getByRole('button', { name: 'Approve' }).click()
    await sendClosed
    await expect.poll(() => page.getByTestId('cross-app-outcome').textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    const hash = (await page.getByTestId('cross-app-outcome').textContent()) as `0x${string}`
    const receipt = await createPublicClient({ transport: http(rpcUrl) }).getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())

    // The provider turns read-only: its transactions are refused (docs/errors.md).
    await stack.updateAppSettings(DEMO_PROVIDER_APP_ID, { cross_app: { read_only: true } })
    await page.getByRole('button', { name: 'Send 0.001 ETH with the provider wallet' }).click()
    await expect
      .poll(() => page.getByTestId('cross-app-outcome').textContent())
      .toBe('failed: Cannot transact against a read-only provider app')
  })
})
