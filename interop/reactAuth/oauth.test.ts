import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, describe, expect, inject, test } from 'vitest'
import { waitForTestId } from '../../e2e/support/signInWithEmail'
import { openPage, settled } from './support'

const { pageUrl, oauthLogins } = inject('interop')
// The Node client's OAuth tests take the first test users: these take the last two.
const [redirectLogin, popupLogin] = oauthLogins.slice(-2)
let browser: Browser | undefined
let page: Page

afterEach(async () => {
  await browser?.close()
})

/** The local provider's label of a test user ('OAuth User N', the global set-up's names). */
const labelOf = (subject: string) => `OAuth User ${Number(subject) - 7001}`

describe('react-auth in Chromium: Google through the local OpenID Connect provider', () => {
  test('login({ loginMethods: [google] }): the provider in a popup, then signed in', async () => {
    ;({ browser, page } = await openPage(pageUrl))
    await page.getByRole('button', { name: 'Log in with Google' }).click()
    const opened = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Google', exact: true }).click()
    const popup = await opened
    await popup.getByRole('heading', { name: /Sign in to Google/ }).waitFor()
    const closed = popup.waitForEvent('close', { timeout: 30_000 })
    await popup.getByRole('button', { name: `Continue as ${labelOf(popupLogin ?? '')}` }).click()
    await closed
    await settled(page, 'user-google')
    expect(await page.getByTestId('user-google').textContent()).toBe(popupLogin)
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
