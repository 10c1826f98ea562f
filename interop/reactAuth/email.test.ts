import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { waitForMessage } from '../../e2e/support/readMailbox'
import { waitForTestId } from '../../e2e/support/signInWithEmail'
import { freshEmail } from '../support/codes'
import { connectBrowser } from '../support/connectBrowser'

const { apiUrl, pageUrl } = inject('interop')
let browser: Browser
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  browser = await connectBrowser()
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(error.message))
})
afterAll(async () => {
  await browser?.close()
})

describe('react-auth in Chromium: email sign-in through its modal', () => {
  const email = freshEmail('react')

  test('the provider loads the app config from Foyer and is ready', async () => {
    await page.goto(pageUrl)
    await waitForTestId(page, 'ready', 'true')
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')
  })

  test('login(): the modal takes the email and the code from the dev mailbox', async () => {
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await page.locator('#email-input').fill(email)
    const since = Date.now()
    await page.getByRole('button', { name: 'Submit' }).click()
    const message = await waitForMessage(apiUrl, { to: email, since })
    await page.getByText('Enter confirmation code').waitFor()
    // The code boxes: the page has no other inputs.
    await page.locator('input').first().click()
    await page.keyboard.type(message.code ?? '')
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByTestId('user-email').textContent()).toBe(email)
  })

  test('a reload keeps the session', async () => {
    const userId = await page.getByTestId('user-id').textContent()
    await page.reload()
    await waitForTestId(page, 'ready', 'true')
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByTestId('user-id').textContent()).toBe(userId)
  })

  test('logout(): signed out, and still signed out after a reload', async () => {
    await page.getByRole('button', { name: 'Log out' }).click()
    await waitForTestId(page, 'authenticated', 'false')
    await page.reload()
    await waitForTestId(page, 'ready', 'true')
    expect(await page.getByTestId('authenticated').textContent()).toBe('false')
    expect(pageErrors).toEqual([])
  })
})
