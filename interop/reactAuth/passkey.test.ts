import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { waitForTestId } from '../../e2e/support/signInWithEmail'
import { connectBrowser } from '../support/connectBrowser'

const { pageUrl } = inject('interop')
let browser: Browser
let context: BrowserContext
let page: Page
let cdp: CDPSession
let authenticatorId: string

/** The page on `localhost`: WebAuthn takes a domain as RP ID, never an IP address. */
const localhostPageUrl = pageUrl.replace('127.0.0.1', 'localhost')

beforeAll(async () => {
  browser = await connectBrowser()
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  page = await context.newPage()
  // Chromium's virtual authenticator (CDP WebAuthn domain): a platform authenticator with resident keys and
  // user verification, which answers without UI.
  cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  ;({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  }))
  await page.goto(localhostPageUrl)
  await waitForTestId(page, 'ready', 'true')
})
afterAll(async () => {
  await browser?.close()
})

/** Waits until the page is signed in or shows the call's error; fails with that error. */
async function signedIn(): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="authenticated"]')?.textContent === 'true' ||
      Boolean(document.querySelector('[data-testid="error"]')?.textContent),
    undefined,
    { timeout: 30_000 },
  )
  expect(await page.getByTestId('error').textContent()).toBe('')
}

describe('react-auth in Chromium: passkeys (virtual authenticator)', () => {
  let userId = ''

  test('signupWithPasskey: a new user with the passkey as its account', async () => {
    await page.getByRole('button', { name: 'Sign up with passkey' }).click()
    await signedIn()
    userId = (await page.getByTestId('user-id').textContent()) ?? ''
    expect(userId).not.toBe('')
    expect(await page.getByTestId('passkeys').textContent()).toBe('1')
    // The authenticator holds one discoverable credential, for the page's host.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toMatchObject([{ isResidentCredential: true, rpId: 'localhost' }])
  })

  test('loginWithPasskey: after logout, the same passkey signs the same user in', async () => {
    await page.getByRole('button', { name: 'Log out' }).click()
    await waitForTestId(page, 'authenticated', 'false')
    await page.getByRole('button', { name: 'Log in with passkey' }).click()
    await signedIn()
    expect(await page.getByTestId('user-id').textContent()).toBe(userId)
  })
})
