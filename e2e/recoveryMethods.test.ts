import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { browser, useBrowser } from './support/browserPage'
import { approveSignMessage, DEMO_MESSAGE, signInAndReadWalletAddress } from './support/embeddedWallet'
import { freshEmail, openDemoInNewContext } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'
import { setPasswordInModal } from './support/walletRecovery'

// Changing the recovery method in Chromium (docs/modal.md "Recovery-screen choice", docs/recovery-oauth.md
// "Changing the method"): password, then Google Drive, then automatic recovery, each followed by a recovery
// on a fresh browser profile that signs. The wallet created screen shows after the sign-up.

const ADA = { subject: '200002', email: 'ada@example.com', name: 'Ada Lovelace', username: 'ada' }
const PASSWORD = 'Velvet-Orbit-Lantern-Pebble'

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
 * Clicks `button` in the open dialog and answers Google's page with 'Continue as Ada Lovelace' (a profile
 * already signed in at Google comes straight back without it), waiting until the popup has closed.
 */
async function throughGoogle(page: Page, button: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('dialog').getByRole('button', { name: button }).click()
  const popup = await popupOpened
  const closed = popup.waitForEvent('close', { timeout: 60_000 })
  await Promise.race([
    closed,
    popup
      .getByRole('button', { name: 'Continue as Ada Lovelace' })
      .click()
      .catch(() => {}),
  ])
  await closed
}

/** Signs in on a fresh profile and signs the demo message; `recover` answers the recovery screen first. */
async function signOnFreshProfile(
  email: string,
  address: `0x${string}`,
  recover?: (page: Page) => Promise<void>,
): Promise<void> {
  await stack.advanceClock(31_000) // past the code's resend cooldown for this address
  const page = await newProfile()
  expect(await signInAndReadWalletAddress(page, stack.apiUrl, email)).toBe(address)
  await page.getByRole('button', { name: 'Sign message', exact: true }).click()
  if (recover) await recover(page)
  const signature = await approveSignMessage(page, { timeout: 60_000 })
  expect(await verifyMessage({ address, message: DEMO_MESSAGE, signature })).toBe(true)
  await page.context().close()
}

describe('changing the recovery method', () => {
  test('default: the created screen after sign-up; password, then Google Drive, then automatic, each recovered on a fresh profile', async () => {
    const email = freshEmail('methods')
    const first = await newProfile()
    const created = first.getByRole('dialog', { name: /^(Welcome to .+|All set!)$/ })
    // Watched from before the sign-in: the helper returns once the screen has closed.
    const createdShown = created.getByText('Your wallet is ready.').waitFor({ timeout: 60_000 })
    const address = await signInAndReadWalletAddress(first, stack.apiUrl, email)
    await createdShown
    await created.waitFor({ state: 'detached', timeout: 10_000 })

    // 1. A password.
    await first.getByRole('button', { name: 'Set password' }).click()
    await first.getByRole('dialog', { name: 'Secure your account' }).getByText('Set a password').click()
    await setPasswordInModal(first, PASSWORD)
    await first.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click()
    await expect.poll(() => recoveryMethod(first), { timeout: 20_000 }).toBe('user-passcode')
    await signOnFreshProfile(email, address, async (page) => {
      const recover = page.getByRole('dialog', { name: 'Enter your password' })
      await recover.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await recover.getByRole('button', { name: 'Recover your account' }).click()
    })

    // 2. Google Drive.
    await first.getByRole('button', { name: 'Set password' }).click()
    const update = first.getByRole('dialog', { name: 'Update backup method' })
    await update.getByText('Google Drive', { exact: true }).click()
    await first.getByRole('dialog', { name: 'Back up to Google Drive' }).waitFor()
    await throughGoogle(first, 'Continue with Google Drive')
    await expect.poll(() => recoveryMethod(first), { timeout: 30_000 }).toBe('google-drive')
    await first.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 })
    await signOnFreshProfile(email, address, async (page) => {
      await page.getByRole('dialog', { name: 'Recover with Google Drive' }).waitFor({ timeout: 30_000 })
      await throughGoogle(page, 'Continue with Google Drive')
    })

    // 3. Automatic recovery (Google's token deletes the Drive secret).
    await first.getByRole('button', { name: 'Set password' }).click()
    await first.getByRole('dialog', { name: 'Update backup method' }).getByText('Automatic recovery').click()
    const automatic = first.getByRole('dialog', { name: 'Automatically secure your account' })
    await automatic.waitFor()
    await throughGoogle(first, 'Confirm')
    await first.getByRole('dialog', { name: 'Success' }).waitFor({ timeout: 30_000 })
    await expect.poll(() => recoveryMethod(first), { timeout: 30_000 }).toBe('privy')
    // No recovery screen on a fresh profile: the frame recovers by itself.
    await signOnFreshProfile(email, address)
  })
})
