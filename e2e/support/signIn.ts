import type { Page } from 'playwright-core'
import { waitForMessage } from './readMailbox'

let counter = 0

/** A fresh address per call, so cooldowns and codes never cross tests. */
export function freshEmail(prefix = 'wallet'): string {
  counter += 1
  return `${prefix}${counter}.${Date.now()}@example.com`
}

/** Opens the demo app and waits for the SDK to be ready. */
export async function openDemo(page: Page, demoUrl: string): Promise<void> {
  await page.goto(demoUrl)
  await waitForTestId(page, 'ready', 'true')
}

/**
 * Signs in through the modal with an emailed code (Log in → email → Submit → code from the dev mailbox →
 * 'Success!') and waits until the demo shows the user as authenticated.
 */
export async function signIn(page: Page, apiUrl: string, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByPlaceholder('your@email.com').fill(email)
  const since = Date.now()
  await dialog.getByRole('button', { name: 'Submit' }).click()
  await dialog.getByText('Enter confirmation code').waitFor()
  const message = await waitForMessage(apiUrl, { to: email, since })
  await dialog.getByLabel('Digit 1 of 6').click()
  await page.keyboard.type(message.code ?? '')
  await waitForTestId(page, 'authenticated', 'true')
}

/** Waits until the element with `data-testid=testId` has exactly `text` (usable outside tests, e.g. in hooks). */
export async function waitForTestId(page: Page, testId: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([id, expected]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected,
    [testId, text] as const,
    { timeout: 30_000 },
  )
}
