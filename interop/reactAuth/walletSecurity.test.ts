import { Secret, TOTP } from 'otpauth'
import type { Browser, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { waitForMessage } from '../../e2e/support/readMailbox'
import { waitForTestId } from '../../e2e/support/signInWithEmail'
import { freshEmail } from '../support/codes'
import { connectBrowser } from '../support/connectBrowser'
import { settled, typeCode } from './support'

const { apiUrl, pageUrl } = inject('interop')
let browser: Browser
let page: Page
let totp: TOTP
/** The RFC 6238 time step of the last code the server accepted (it takes each step once, ±1 step of drift). */
let lastStep = 0

/**
 * The authenticator's next acceptable code: the earliest time step after the last accepted one that the server
 * still takes (within one step of now) for at least 5 s more, waiting for the clock when every such step is spent.
 */
async function nextCode(): Promise<string> {
  const now = Date.now()
  let step = Math.max(lastStep + 1, Math.floor(now / 30_000) - 1)
  // A step the server stops taking within 5 s (at the end of step + 1) would race the request: the next one.
  if ((step + 2) * 30_000 - now < 5_000) step += 1
  const earliest = (step - 1) * 30_000
  if (earliest > now) await new Promise((resolve) => setTimeout(resolve, earliest - now + 500))
  lastStep = step
  return totp.generate({ timestamp: step * 30_000 })
}

/**
 * Records, in the page, the wallet frame's replies to `privy:mfa:*` requests (`window.frameMfaReplies`): the
 * TOTP secret reaches the page only in the `privy:mfa:init-enrollment` reply (the modal shows it masked
 * and as a QR code), as an authenticator app would read it from the QR code.
 */
function recordMfaReplies(): void {
  const replies: unknown[] = []
  ;(window as unknown as { frameMfaReplies: unknown[] }).frameMfaReplies = replies
  window.addEventListener('message', (event) => {
    let data: unknown = event.data
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data)
      } catch {
        return
      }
    }
    const reply = data as { event?: unknown } | null
    if (typeof reply?.event === 'string' && reply.event.startsWith('privy:mfa:')) replies.push(reply)
  })
}

/**
 * In react-auth's open export dialog: Foyer's embedded export page copies the key; the key's address is the
 * wallet's, and the page never shows the key. Closes the dialog.
 */
async function copyKeyFromExportPage(): Promise<void> {
  await page.getByRole('dialog').getByText('Export wallet', { exact: true }).waitFor()
  const exportPage = page.frameLocator('iframe[src*="/embedded-wallets/export"]')
  // The URL's token is read and dropped: the page shows only the Copy buttons.
  await exportPage.getByRole('button', { name: 'Copy phrase' }).waitFor()
  await exportPage.getByRole('button', { name: 'Copy key' }).click()
  await exportPage.getByRole('button', { name: 'Copied' }).waitFor()
  const copied = (await page.evaluate(() => navigator.clipboard.readText())) as `0x${string}`
  expect(copied).toMatch(/^0x[0-9a-f]{64}$/)
  expect(privateKeyToAccount(copied).address).toBe(await page.getByTestId('wallet-address').textContent())
  expect(await exportPage.locator('body').textContent()).not.toContain(copied.slice(2))
  await page.getByRole('button', { name: 'close modal' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

beforeAll(async () => {
  browser = await connectBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  // The export page writes the key to the clipboard; the test reads it back from the app's page.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(pageUrl).origin })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(apiUrl).origin })
  await context.addInitScript(recordMfaReplies)
  page = await context.newPage()
  await page.goto(pageUrl)
  await waitForTestId(page, 'ready', 'true')
  const email = freshEmail('reactwallet')
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

describe('react-auth in Chromium: export, then TOTP through its modal', () => {
  // Before any MFA factor: react-auth's forced MFA check (`privy:mfa:verify` with only the token) passes.
  test("exportWallet(): Foyer's export page, embedded by react-auth, copies the wallet's private key", async () => {
    await page.getByRole('button', { name: 'Export wallet' }).click()
    await copyKeyFromExportPage()
  })

  test("showMfaEnrollmentModal(): the user adds an authenticator app in Foyer's frame", async () => {
    await page.getByRole('button', { name: 'Enrol MFA' }).click()
    await page.getByText('Transaction Protection', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page
      .getByText(/authenticator app/i)
      .first()
      .click()
    await page.getByText('Scan QR code').waitFor()
    const replies = (await page.evaluate(
      () => (window as unknown as { frameMfaReplies: unknown[] }).frameMfaReplies,
    )) as Array<{ event: string; data?: { secret?: string; authUrl?: string } }>
    const init = replies.find((reply) => reply.event === 'privy:mfa:init-enrollment')
    expect(init?.data?.authUrl).toMatch(/^otpauth:\/\/totp\//)
    totp = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(init?.data?.secret ?? ''),
    })
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByText('Enter enrollment code').waitFor()
    await page.locator('input').first().click()
    await page.keyboard.type(await nextCode())
    await waitForTestId(page, 'mfa-methods', 'totp')
  })

  test('promptMfa(): the modal takes a code and the frame verifies it', async () => {
    await page.getByRole('button', { name: 'Verify MFA' }).click()
    await page.locator('input').first().waitFor()
    // A later time step's code: the enrolment's code is spent (a code is accepted once).
    await page.locator('input').first().click()
    await page.keyboard.type(await nextCode())
    await settled(page, 'mfa-verified')
    expect(await page.getByTestId('mfa-verified').textContent()).toBe('true')
  })

  // With a factor: react-auth's forced check is refused (`missing_or_invalid_mfa`), its MFA screen takes a
  // code, the frame verifies it, and the server's export gate (a fresh verification) lets the export page in.
  test('exportWallet() after TOTP enrolment: the modal asks for a code, then the export page copies the key', async () => {
    await page.getByRole('button', { name: 'Export wallet' }).click()
    await page.locator('input').first().waitFor()
    await page.locator('input').first().click()
    await page.keyboard.type(await nextCode())
    await copyKeyFromExportPage()
    expect(await page.getByTestId('error').textContent()).toBe('')
  })
})
