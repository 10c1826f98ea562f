import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { waitForMessage } from '../../e2e/support/readMailbox'
import { waitForTestId } from '../../e2e/support/signInWithEmail'
import { connectBrowser } from '../support/connectBrowser'

/** A desktop Chromium page on the react-auth page (`url`), its provider ready. */
export async function openPage(url: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await connectBrowser()
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  await page.goto(url)
  await waitForTestId(page, 'ready', 'true')
  return { browser, page }
}

/** The page {@link openPageForFile} opened for this file (a live binding: import it and read the current one). */
export let page: Page

/**
 * Opens the react-auth page at `url` ({@link openPage}) in `beforeAll` and closes its browser in `afterAll`;
 * the file's tests read it as {@link page}. Hooks the file registers after this call run after the page opens.
 */
export function openPageForFile(url: string): void {
  let browser: Browser | undefined
  beforeAll(async () => {
    ;({ browser, page } = await openPage(url))
  })
  afterAll(async () => {
    await browser?.close()
  })
}

/** Waits until the test id `testId` shows a value or the page shows the call's error; fails with that error. */
export async function settled(page: Page, testId: string): Promise<void> {
  await page.waitForFunction(
    (id) =>
      Boolean(
        document.querySelector(`[data-testid="${id}"]`)?.textContent ||
          document.querySelector('[data-testid="error"]')?.textContent,
      ),
    testId,
    { timeout: 30_000 },
  )
  expect(await page.getByTestId('error').textContent()).toBe('')
}

/** Types the one-time code into the modal's code boxes (the modal's first inputs). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByText('Enter confirmation code').waitFor()
  await page.locator('input').first().click()
  await page.keyboard.type(code)
}

/** Submits `email` in the open modal's email form and types the code the server's dev mailbox receives. */
export async function enterEmailAndCode(page: Page, apiUrl: string, email: string): Promise<void> {
  await page.locator('#email-input').fill(email)
  const since = Date.now()
  await page.getByRole('button', { name: 'Submit' }).click()
  const message = await waitForMessage(apiUrl, { to: email, since })
  await typeCode(page, message.code ?? '')
}

/** Signs a new user in with `phone` (E.164, US) through `login({ loginMethods: ['sms'] })` and the modal. */
export async function signInByPhone(page: Page, apiUrl: string, phone: string): Promise<void> {
  await page.getByRole('button', { name: 'Log in with SMS' }).click()
  await page.getByText('Continue with SMS').click()
  // The modal's country selector defaults to US +1: the national number follows it.
  await page.locator('#phone-number-input').fill(phone.slice(2))
  const since = Date.now()
  await page.getByRole('button', { name: 'Submit' }).click()
  const message = await waitForMessage(apiUrl, { to: phone, since })
  await typeCode(page, message.code ?? '')
  await settled(page, 'user-phone')
}
