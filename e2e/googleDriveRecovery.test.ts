import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contrastInBothThemes } from './support/axe'
import { browser, useBrowser } from './support/browserPage'
import { approveSignMessage, DEMO_MESSAGE, signInAndReadWalletAddress } from './support/embeddedWallet'
import { freshEmail, openDemoInNewContext } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'

// Google Drive recovery in Chromium (docs/recovery-oauth.md): the modal's recovery OAuth screen, the real
// server routes, the local identity provider as Google and the Drive API stand-in. A wallet secured with
// Google Drive on one browser profile is recovered from Drive on another and signs.

const ADA = { subject: '200001', email: 'ada@example.com', name: 'Ada Lovelace', username: 'ada' }

let stack: Stack
useBrowser({ timeout: 30_000 })

beforeAll(async () => {
  stack = await startStack({ oauth: { users: [ADA] } })
})
afterAll(async () => {
  await stack?.close()
})

/** A new browser profile (fresh context: no device share) with the demo open. */
function newProfile(): Promise<Page> {
  return openDemoInNewContext(browser, stack.demoUrl, { timeout: 20_000 })
}

/** The recovery method of the user's embedded Ethereum wallet, from the demo's user JSON. */
async function recoveryMethod(page: Page): Promise<string | undefined> {
  const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
  return user.linked_accounts?.find(
    (account: { type: string; chain_type?: string }) =>
      account.type === 'wallet' && account.chain_type === 'ethereum',
  )?.recovery_method
}

/**
 * Clicks 'Continue with Google Drive' in `dialog`'s page and answers Google's page in the popup with
 * `button` ('Continue as Ada Lovelace' or 'Cancel'), waiting until the popup has closed.
 */
async function continueWithGoogleDrive(page: Page, button: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google Drive' }).click()
  const popup = await popupOpened
  const closed = popup.waitForEvent('close', { timeout: 60_000 })
  await popup.getByRole('button', { name: button }).click()
  await closed
}

describe('Google Drive recovery through the modal', () => {
  test('default: secure with Google Drive (a denied consent first), recover on a second profile, sign', async () => {
    const email = freshEmail('drive')
    const first = await newProfile()
    const address = await signInAndReadWalletAddress(first, stack.apiUrl, email)

    await first.getByRole('button', { name: 'Set password' }).click()
    const choice = first.getByRole('dialog', { name: 'Secure your account' })
    await choice.getByText('Google Drive', { exact: true }).click()
    const backup = first.getByRole('dialog', { name: 'Back up to Google Drive' })
    await backup.waitFor()
    expect(await contrastInBothThemes(first)).toEqual({ light: [], dark: [] })

    // Cancel at Google: the spec's text, and the wallet keeps its recovery.
    await continueWithGoogleDrive(first, 'Cancel')
    await backup.getByText('User denied confirmation during OAuth flow').waitFor()
    expect(await contrastInBothThemes(first)).toEqual({ light: [], dark: [] })
    expect(await recoveryMethod(first)).toBe('privy')

    await continueWithGoogleDrive(first, 'Continue as Ada Lovelace')
    await backup.waitFor({ state: 'detached', timeout: 60_000 })
    await expect.poll(() => recoveryMethod(first), { timeout: 20_000 }).toBe('google-drive')
    // A second profile: the wallet is not on this device; signing asks for Google Drive.
    stack.advanceClock(31_000)
    const second = await newProfile()
    expect(await signInAndReadWalletAddress(second, stack.apiUrl, email)).toBe(address)
    await second.getByRole('button', { name: 'Sign message', exact: true }).click()
    const recover = second.getByRole('dialog', { name: 'Recover with Google Drive' })
    await recover.waitFor({ timeout: 30_000 })
    expect(await contrastInBothThemes(second)).toEqual({ light: [], dark: [] })
    await continueWithGoogleDrive(second, 'Continue as Ada Lovelace')
    const signature = await approveSignMessage(second, { timeout: 60_000 })
    expect(await verifyMessage({ address, message: DEMO_MESSAGE, signature })).toBe(true)
  })
})
