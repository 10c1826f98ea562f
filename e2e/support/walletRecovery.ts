import type { Locator, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { expect } from 'vitest'
import { contrastInBothThemes } from './axe'
import { browser } from './browserPage'
import { approveSignMessage, DEMO_MESSAGE, signInAndReadWalletAddress } from './embeddedWallet'
import { enterEmailCode, openDemoInNewContext } from './signInWithEmail'
import type { Stack } from './startStack'

// The shared steps of the user-owned recovery e2e files (Google Drive, iCloud): fresh browser profiles, the
// wallet's recovery method from the demo's user JSON, a popup answered from the recovery OAuth screen, and
// the recovery on a second profile followed by a signature.

/** A new browser profile (fresh context: no device share) with the demo of `stack` open. */
export function newProfile(stack: Stack): Promise<Page> {
  return openDemoInNewContext(browser, stack.demoUrl, { timeout: 20_000 })
}

/** The recovery method of the user's embedded wallet of `chainType` (default Ethereum), from the demo's user JSON. */
export async function recoveryMethod(
  page: Page,
  chainType: 'ethereum' | 'solana' = 'ethereum',
): Promise<string | undefined> {
  const user = JSON.parse((await page.getByTestId('user-json').textContent()) ?? '{}')
  return user.linked_accounts?.find(
    (account: { type: string; chain_type?: string }) =>
      account.type === 'wallet' && account.chain_type === chainType,
  )?.recovery_method
}

/**
 * Clicks `button` ('Continue with Google Drive', 'Continue with iCloud') in `page`'s dialog and answers the
 * provider's page in the popup with `answer`, waiting until the popup has closed.
 */
export async function continueInPopup(
  page: Page,
  button: string,
  answer: (popup: Page) => Promise<void>,
): Promise<void> {
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('dialog').getByRole('button', { name: button }).click()
  const popup = await popupOpened
  const closed = popup.waitForEvent('close', { timeout: 60_000 })
  await answer(popup)
  await closed
}

/**
 * Waits until `page`'s wallet is on `method`, then signs `email` in on a second profile (the server's clock
 * 31 s on, past the sign-in rate limit): the same address; 'Sign message' asks for the recovery
 * (`recoverDialog`, e.g. 'Recover with iCloud', checked for contrast), `recover(page)` answers it, and the
 * signature verifies for `address`.
 */
export async function recoverOnSecondProfileAndSign(
  stack: Stack,
  first: Page,
  parameters: {
    email: string
    address: `0x${string}`
    method: string
    recoverDialog: string
    recover: (page: Page) => Promise<void>
  },
): Promise<Page> {
  await expect.poll(() => recoveryMethod(first), { timeout: 20_000 }).toBe(parameters.method)
  stack.advanceClock(31_000)
  const second = await newProfile(stack)
  expect(await signInAndReadWalletAddress(second, stack.apiUrl, parameters.email)).toBe(parameters.address)
  await second.getByRole('button', { name: 'Sign message', exact: true }).click()
  const recover = second.getByRole('dialog', { name: parameters.recoverDialog })
  await recover.waitFor({ timeout: 30_000 })
  expect(await contrastInBothThemes(second)).toEqual({ light: [], dark: [] })
  await parameters.recover(second)
  const signature = await approveSignMessage(second, { timeout: 60_000 })
  expect(await verifyMessage({ address: parameters.address, message: DEMO_MESSAGE, signature })).toBe(true)
  return second
}

/**
 * Clicks `button` in `page`'s dialog ('Continue with iCloud', or a choice of 'Update backup method' for a
 * wallet on iCloud) and signs in as `appleId` on the CloudKit stand-in's Apple ID page in the popup, which
 * posts the web auth token to the opener and closes.
 */
export function throughAppleSignIn(page: Page, button: string, appleId: string): Promise<void> {
  return continueInPopup(page, button, async (popup) => {
    await popup.getByLabel('Apple ID').fill(appleId)
    await popup.getByRole('button', { name: 'Sign In' }).click()
  })
}

/**
 * The modal's password flow, from 'Set your password' to 'Success': `password` typed, saved, confirmed and
 * acknowledged, then 'Set Password'.
 */
export async function setPasswordInModal(page: Page, password: string): Promise<void> {
  const flow = page.getByRole('dialog')
  await flow.getByRole('heading', { name: 'Set your password' }).waitFor({ timeout: 30_000 })
  await flow.getByLabel('Password', { exact: true }).fill(password)
  await flow.getByRole('button', { name: 'Continue' }).click()
  await flow.getByRole('heading', { name: 'Save your password' }).waitFor()
  await flow.getByRole('button', { name: 'Continue' }).click()
  await flow.getByRole('heading', { name: 'Confirm your password' }).waitFor()
  await flow.getByLabel('Confirm password').fill(password)
  await flow.getByRole('button', { name: 'Continue' }).click()
  await flow.getByRole('heading', { name: 'Confirm you have saved' }).waitFor()
  await flow.getByRole('checkbox').check()
  await flow.getByRole('button', { name: 'Set Password' }).click()
  await flow.getByRole('heading', { name: 'Success' }).waitFor({ timeout: 30_000 })
}

/**
 * A fresh profile on the demo with `?secureOnCreate=1`, signing `email` up: answers the page, the 'Secure
 * your account' dialog (open, asked before any wallet is made) and the wallet uploads the page and its wallet
 * frame make, `'<path> <recovery method>'` of each POST under `/api/v1/embedded_wallets`.
 */
export async function signUpSecuringOnCreate(
  stack: Stack,
  email: string,
): Promise<{ page: Page; choice: Locator; uploads: string[] }> {
  const page = await openDemoInNewContext(browser, `${stack.demoUrl}?secureOnCreate=1`, { timeout: 20_000 })
  const uploads: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (request.method() !== 'POST' || !path.startsWith('/api/v1/embedded_wallets')) return
    const body = request.postDataJSON() as { recovery?: { recovery_method?: string } } | null
    if (body?.recovery?.recovery_method) uploads.push(`${path} ${body.recovery.recovery_method}`)
  })
  await enterEmailCode(page, stack.apiUrl, email)
  const choice = page.getByRole('dialog', { name: 'Secure your account' })
  await choice.waitFor({ timeout: 30_000 })
  return { page, choice, uploads }
}
