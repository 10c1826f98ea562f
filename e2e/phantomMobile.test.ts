import { DEMO_APP_ID } from '@foyer/server'
import { type PhantomLinkStandIn, startPhantomLinkStandIn } from '@foyer/server/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { IPHONE_CONTEXT_OPTIONS, page, useBrowser } from './support/browserPage'
import { stack, useSharedStack } from './support/sharedStack'
import { openDemo } from './support/signInWithEmail'

// Phantom on a phone without Phantom (docs/external-wallets.md "Phantom on a phone"): the wallet list offers
// Phantom, whose interstitial sends the page to Phantom's `connect` universal link; Phantom's app (here: a
// page of the test, backed by the stand-in of Phantom's link endpoint) approves and sends the user back,
// then the SIWS message goes through `signMessage` the same way, and the user is signed in.
useSharedStack()
useBrowser({
  page: 'file',
  contextOptions: IPHONE_CONTEXT_OPTIONS,
})

let appId = ''
let phantom: { standIn: PhantomLinkStandIn; baseUrl: string; close(): Promise<void> }
const opened: string[] = []

beforeAll(async () => {
  const app = await stack.createApp({
    name: 'Phantom mobile demo',
    copyOf: DEMO_APP_ID,
    settings: { wallet_auth: true, solana_wallet_auth: true },
  })
  appId = app.id
  phantom = await startPhantomLinkStandIn()
})
afterAll(async () => {
  await phantom?.close()
})

/**
 * Phantom's app: a universal link to `https://phantom.app/ul/v1/…` opens a page that shows the request and,
 * on 'Approve', goes where the stand-in of Phantom's link endpoint redirects (the redirect link with the
 * encrypted answer).
 */
async function playPhantomApp(): Promise<void> {
  await page.route('https://phantom.app/ul/v1/**', async (route) => {
    const link = new URL(route.request().url())
    opened.push(link.toString())
    const answer = await fetch(`${phantom.baseUrl}${link.pathname.replace('/ul/v1', '')}${link.search}`, {
      redirect: 'manual',
    })
    const back = answer.headers.get('location') ?? ''
    const method = link.pathname.split('/').pop() ?? ''
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!doctype html><title>Phantom</title><h1>Phantom: ${method}</h1><a id="approve" href="${back.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">Approve</a>`,
    })
  })
}

describe('Phantom on a phone', () => {
  test("behavior: the interstitial offers 'Open in Phantom' and the install guide", async () => {
    await openDemo(page, `${stack.demoUrl}?appId=${appId}`)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
    await dialog.getByRole('button', { name: /^Phantom/ }).click({ timeout: 20_000 })
    await dialog.getByRole('heading', { name: 'Open Phantom' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Open in Phantom' }).waitFor()
    const install = dialog.getByRole('link', { name: 'Install Phantom' })
    expect(await install.getAttribute('href')).toBe('https://phantom.com/download')
    await dialog.getByRole('button', { name: 'Reload the page to use your wallet' }).waitFor()
  })

  test('behavior: a universal-link round trip through the stand-in signs the user in with SIWS', async () => {
    await playPhantomApp()
    const dialog = page.getByRole('dialog')
    if (!(await dialog.getByRole('button', { name: 'Open in Phantom' }).isVisible())) {
      await openDemo(page, `${stack.demoUrl}?appId=${appId}`)
      await page.getByRole('button', { name: 'Log in' }).click()
      await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
      await dialog.getByRole('button', { name: /^Phantom/ }).click({ timeout: 20_000 })
    }
    await dialog.getByRole('button', { name: 'Open in Phantom' }).click()

    // Phantom's app: the connect request; approving sends the user back to the page, which reloads.
    await page.getByRole('heading', { name: 'Phantom: connect' }).waitFor({ timeout: 20_000 })
    const connect = new URL(opened[0] ?? '')
    expect(connect.searchParams.get('app_url')).toBe(new URL(stack.demoUrl).origin)
    expect(connect.searchParams.get('dapp_encryption_public_key')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/)
    const redirect = new URL(connect.searchParams.get('redirect_link') ?? '')
    expect(redirect.searchParams.get('privy_wallet_client')).toBe('phantom')
    expect(redirect.searchParams.get('appId')).toBe(appId)
    await page.locator('#approve').click()

    // Back on the page: the modal opens at 'Sign to verify'; the page-load and response parameters are gone.
    const back = page.getByRole('dialog')
    await back.getByRole('button', { name: 'Sign with Phantom' }).waitFor({ timeout: 30_000 })
    const address = new URL(page.url())
    for (const name of ['privy_wallet_client', 'privy_connector', 'phantom_encryption_public_key', 'data'])
      expect(address.searchParams.has(name)).toBe(false)
    expect(address.searchParams.get('appId')).toBe(appId)
    await back.getByRole('button', { name: 'Sign with Phantom' }).click()

    // Phantom's app: the SIWS message, signed with the session kept across the reload.
    await page.getByRole('heading', { name: 'Phantom: signMessage' }).waitFor({ timeout: 20_000 })
    await page.locator('#approve').click()
    await expect.poll(() => page.getByTestId('authenticated').textContent(), { timeout: 30_000 }).toBe('true')
    expect(phantom.standIn.requests.map((request) => request.method)).toEqual(['connect', 'signMessage'])
    // The stand-in answered with signatures, not errors: the session and shared secret matched.
    for (const request of phantom.standIn.requests) expect(request.redirect).not.toContain('errorCode')
    expect(await page.textContent('body')).toContain(phantom.standIn.address)
  })
})
