import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { waitForMessage } from './readMailbox'

let counter = 0

/** A fresh address per call, so cooldowns and codes never cross tests. */
export function freshEmail(prefix = 'person'): string {
  counter += 1
  return `${prefix}${counter}.${Date.now()}@example.com`
}

/** Opens `url` and waits until the demo reports `ready: true` (usable in hooks too). */
export async function openDemo(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await waitForTestId(page, 'ready', 'true')
}

/**
 * A new device: a fresh browser context of `browser` (no storage, no cookies) with a page on the demo at
 * `url`, ready. `timeout` is the page's default timeout (ms). Closing the browser closes the context.
 */
export async function openDemoInNewContext(
  browser: Browser,
  url: string,
  {
    timeout = 15_000,
    context: contextOptions = {},
  }: { timeout?: number; context?: BrowserContextOptions } = {},
): Promise<Page> {
  const context = await browser.newContext(contextOptions)
  const page = await context.newPage()
  page.setDefaultTimeout(timeout)
  await openDemo(page, url)
  return page
}

/**
 * Opens the modal, submits `email` and waits for the code screen; returns the dialog and the code the
 * server's dev mailbox at `apiUrl` received for it.
 */
export async function requestEmailCode(
  page: Page,
  apiUrl: string,
  email: string,
): Promise<{ dialog: Locator; code: string }> {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  const since = await submitEmail(page, dialog, email)
  const message = await waitForMessage(apiUrl, { to: email, since })
  return { dialog, code: message.code ?? '' }
}

/**
 * In the open modal's `dialog` on its landing, submits `email` and waits for the code screen; returns the
 * time (ms) just before submitting, from which the dev mailbox is read for the code.
 */
export async function submitEmail(page: Page, dialog: Locator, email: string): Promise<number> {
  await dialog.getByPlaceholder('your@email.com').fill(email)
  const since = Date.now()
  await dialog
    .locator('form', { has: page.getByPlaceholder('your@email.com') })
    .getByRole('button', { name: 'Submit' })
    .click()
  await dialog.getByText('Enter confirmation code').waitFor()
  return since
}

/**
 * Reads the code the server's dev mailbox at `apiUrl` received for `to` since `since` (ms) and types it into
 * `dialog`'s 6-digit code input; the modal submits it once the last digit is typed.
 */
export async function typeMailedCode(
  page: Page,
  dialog: Locator,
  apiUrl: string,
  { to, since }: { to: string; since: number },
): Promise<void> {
  const message = await waitForMessage(apiUrl, { to, since })
  await dialog.getByLabel('Digit 1 of 6').click()
  await page.keyboard.type(message.code ?? '')
}

/**
 * Opens the modal, submits `email`, reads its code from the server's dev mailbox at `apiUrl` and types it;
 * returns the dialog as the code's answer leaves it (signed in and closing, or an error or further step).
 */
export async function enterEmailCode(page: Page, apiUrl: string, email: string): Promise<Locator> {
  const { dialog, code } = await requestEmailCode(page, apiUrl, email)
  await dialog.getByLabel('Digit 1 of 6').click()
  await page.keyboard.type(code)
  return dialog
}

/**
 * Signs in through the modal: submits `email`, reads the code from the server's dev mailbox at `apiUrl`,
 * types it, and waits until the demo shows `authenticated: true` (usable in hooks too).
 */
export async function signInWithEmail(page: Page, apiUrl: string, email: string): Promise<void> {
  const dialog = await enterEmailCode(page, apiUrl, email)
  await dialog.waitFor({ state: 'detached' })
  await waitForTestId(page, 'authenticated', 'true')
}

/** What the demo's back end answered last (`data-testid="backend-whoami"`), parsed; `null` while pending. */
export async function readWhoami(page: Page): Promise<Record<string, unknown> | null> {
  const text = (await page.getByTestId('backend-whoami').textContent()) ?? ''
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    return null
  }
}

/**
 * Clicks a verify button and returns the back end's answer to that click: `{ request, status, … }` where
 * `request` numbers the page's verifications. Waits for any verification in flight to settle first.
 */
export async function verifyWithBackEnd(
  page: Page,
  transport: 'cookie' | 'authorization',
): Promise<Record<string, unknown>> {
  const output = page.getByTestId('backend-whoami')
  await expect.poll(() => output.textContent()).not.toBe('…')
  const before = Number((await readWhoami(page))?.request ?? 0)
  const name = transport === 'cookie' ? 'Verify with back end' : 'Verify with back end (Authorization header)'
  await page.getByRole('button', { name, exact: true }).click()
  await expect.poll(async () => Number((await readWhoami(page))?.request ?? 0)).toBeGreaterThan(before)
  return (await readWhoami(page))!
}

/** Waits until the element with `data-testid=testId` has exactly `text` (usable outside tests, e.g. in hooks). */
export async function waitForTestId(page: Page, testId: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([id, expected]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected,
    [testId, text] as const,
    { timeout: 30_000 },
  )
}
