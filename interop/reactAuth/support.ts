import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import { launchBrowser } from '../../e2e/support/launchBrowser'
import { waitForTestId } from '../../e2e/support/signInWithEmail'

/** A desktop Chromium page on the react-auth page (`url`), its provider ready. */
export async function openPage(url: string): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser()
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  await page.goto(url)
  await waitForTestId(page, 'ready', 'true')
  return { browser, page }
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
