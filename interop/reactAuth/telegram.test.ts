import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launchBrowser } from '../../e2e/support/launchBrowser'
import { waitForTestId } from '../../e2e/support/signInWithEmail'

const { pageUrl } = inject('interop')
let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  await page.goto(pageUrl)
  await waitForTestId(page, 'ready', 'true')
})
afterAll(async () => {
  await browser?.close()
})

describe('react-auth in Chromium: Telegram', () => {
  // react-auth loads the widget through `GET /js/telegram-login.js` on Foyer's origin and calls
  // `Telegram.Login.auth({ bot_id })`; the stand-in's popup signs the result for its default user (id 424242).
  test("login({ loginMethods: ['telegram'] }): the login widget's popup, accepted, signs in", async () => {
    await page.getByRole('button', { name: 'Log in with Telegram' }).click()
    const popupOpened = page.waitForEvent('popup')
    await page.getByRole('dialog').getByRole('button', { name: 'Telegram', exact: true }).click()
    const popup = await popupOpened
    await popup.getByRole('heading', { name: /Log in to http:\/\/127\.0\.0\.1/ }).waitFor()
    await popup.getByRole('button', { name: 'Accept' }).click()
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByTestId('user-telegram').textContent()).toBe('424242')
  })
})
