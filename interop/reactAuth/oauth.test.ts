import type { Browser, Page } from 'playwright-core'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { waitForTestId } from '../../e2e/support/signInWithEmail'
import { openPage } from './support'

const { pageUrl, oauthLogins } = inject('interop')
// The Node client's OAuth tests take the first test users: these take the last two.
const [redirectLogin, modalLogin] = oauthLogins.slice(-2)
let browser: Browser | undefined
let page: Page

afterEach(async () => {
  await browser?.close()
})

/** The local provider's label of a test user ('OAuth User N', the global set-up's names). */
const labelOf = (subject: string) => `OAuth User ${Number(subject) - 7001}`

describe('react-auth in Chromium: Google through the local OpenID Connect provider', () => {
  // react-auth 3.45 opens no popup for OAuth in a browser tab: its modal, like the headless hook, sends the
  // whole page to the provider (a popup only in a browser extension).
  test('login({ loginMethods: [google] }): the modal sends the page to the provider; back, signed in', async () => {
    ;({ browser, page } = await openPage(pageUrl))
    await page.getByRole('button', { name: 'Log in with Google' }).click()
    await page.getByRole('button', { name: 'Google', exact: true }).click()
    await page.getByRole('heading', { name: /Sign in to Google/ }).waitFor()
    await page.getByRole('button', { name: `Continue as ${labelOf(modalLogin ?? '')}` }).click()
    await page.waitForURL((url) => url.href.startsWith(new URL(pageUrl).origin))
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByTestId('user-google').textContent()).toBe(modalLogin)
  })

  test('useLoginWithOAuth().initOAuth: the provider by full-page redirect, back on the page signed in', async () => {
    ;({ browser, page } = await openPage(pageUrl))
    await page.getByRole('button', { name: 'Google by redirect' }).click()
    await page.getByRole('heading', { name: /Sign in to Google/ }).waitFor()
    await page.getByRole('button', { name: `Continue as ${labelOf(redirectLogin ?? '')}` }).click()
    await page.waitForURL((url) => url.href.startsWith(new URL(pageUrl).origin))
    await waitForTestId(page, 'authenticated', 'true')
    expect(await page.getByTestId('user-google').textContent()).toBe(redirectLogin)
    // The return parameters are read, then removed from the address.
    expect(page.url()).not.toContain('privy_oauth_code')
  })
})
