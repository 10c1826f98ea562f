import type { Page } from 'playwright-core'
import { signInWithEmail } from './signInWithEmail'

/** The message the demo's 'Sign message' button asks the wallet to sign. */
export const DEMO_MESSAGE = 'Hello from the Foyer demo'

/** The demo's embedded Ethereum wallet address, once it shows (created or recovered after sign-in). */
export async function readWalletAddress(page: Page): Promise<`0x${string}`> {
  return (await page.getByTestId('wallet-address').textContent({ timeout: 30_000 })) as `0x${string}`
}

/**
 * Approves the open 'Sign message' dialog and returns the signature the demo then shows (hex). With
 * `open: true` it first clicks the demo's 'Sign message' button; `timeout` (ms) bounds the wait for the
 * Approve button (default: the page's).
 */
export async function approveSignMessage(
  page: Page,
  { open = false, timeout }: { open?: boolean; timeout?: number } = {},
): Promise<`0x${string}`> {
  if (open) await page.getByRole('button', { name: 'Sign message', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign message' })
  await dialog.getByRole('button', { name: 'Approve' }).click(timeout === undefined ? {} : { timeout })
  await dialog.waitFor({ state: 'detached' })
  return (await page.getByTestId('signature').textContent()) as `0x${string}`
}

/**
 * After a sign-in that made a wallet, the wallet created screen opens for 1 s and closes (docs/modal.md
 * "Wallet creation"), and what is typed into the page meanwhile goes to the modal. Waits for it to close
 * when it opens within `appearMs` (a recovered wallet shows none).
 */
export async function waitForWalletCreatedScreen(page: Page, appearMs = 3000): Promise<void> {
  const created = page.getByRole('dialog', { name: /^(Welcome to .+|All set!)$/ })
  const shown = await created.waitFor({ timeout: appearMs }).then(
    () => true,
    () => false,
  )
  if (shown) await created.waitFor({ state: 'detached' })
}

/**
 * Signs `email` in through the modal (./signInWithEmail.ts) and returns the embedded wallet's address, once
 * the wallet created screen, if any, has closed.
 */
export async function signInAndReadWalletAddress(
  page: Page,
  apiUrl: string,
  email: string,
): Promise<`0x${string}`> {
  await signInWithEmail(page, apiUrl, email)
  const address = await readWalletAddress(page)
  await waitForWalletCreatedScreen(page)
  return address
}
