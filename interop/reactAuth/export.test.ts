import type { Browser, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchBrowser } from '../../e2e/support/launchBrowser'
import { waitForMessage } from '../../e2e/support/readMailbox'
import { waitForTestId } from '../../e2e/support/signInWithEmail'
import { freshEmail } from '../support/codes'
import { settled, typeCode } from './support'

const { apiUrl, pageUrl } = inject('interop')
let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  // The export page writes the key to the clipboard; the test reads it back from the app's page.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(pageUrl).origin })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(apiUrl).origin })
  page = await context.newPage()
  await page.goto(pageUrl)
  await waitForTestId(page, 'ready', 'true')
  const email = freshEmail('reactexport')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.locator('#email-input').fill(email)
  const since = Date.now()
  await page.getByRole('button', { name: 'Submit' }).click()
  const message = await waitForMessage(apiUrl, { to: email, since })
  await typeCode(page, message.code ?? '')
  await waitForTestId(page, 'authenticated', 'true')
  await page.getByRole('button', { name: 'Create wallet' }).click()
  await settled(page, 'wallet-address')
})
afterAll(async () => {
  await browser?.close()
})

describe('react-auth in Chromium: export of the embedded wallet', () => {
  test("exportWallet(): Foyer's export page, embedded by react-auth, copies the wallet's private key", async () => {
    await page.getByRole('button', { name: 'Export wallet' }).click()
    await page.getByText('Export wallet', { exact: true }).waitFor()
    const exportPage = page.frameLocator(`iframe[src*="/embedded-wallets/export"]`)
    // The URL's token is read and dropped: the page shows only the Copy buttons.
    await exportPage.getByRole('button', { name: 'Copy phrase' }).waitFor()
    await exportPage.getByRole('button', { name: 'Copy key' }).click()
    await exportPage.getByRole('button', { name: 'Copied' }).waitFor()
    const copied = (await page.evaluate(() => navigator.clipboard.readText())) as `0x${string}`
    expect(copied).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAccount(copied).address).toBe(await page.getByTestId('wallet-address').textContent())
    expect(await exportPage.locator('body').textContent()).not.toContain(copied.slice(2))
  })
})
