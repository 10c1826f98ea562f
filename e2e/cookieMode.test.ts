import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { browser, useBrowser } from './support/browserPage'
import { type SharedStackApp, stack, useSharedStack } from './support/sharedStack'
import {
  freshEmail,
  openDemo,
  readWhoami,
  signInWithEmail,
  verifyWithBackEnd,
} from './support/signInWithEmail'

const sessionCookieNames = ['privy-token', 'privy-refresh-token', 'privy-id-token', 'privy-session']

// The demo on http://localhost:<port>, the API reachable as http://localhost:<serverPort>: same site.
useSharedStack({ demoHost: 'localhost' })
useBrowser()
let app: SharedStackApp

beforeAll(async () => {
  app = await stack.createApp({
    name: 'Cookie Mode App',
    allowedOrigins: ['http://localhost:*'],
    settings: { custom_api_url: `http://localhost:${stack.serverPort}` },
  })
})

/**
 * Every localStorage key of the page but wagmi's: the demo's wagmi panel keeps wagmi's own connection state
 * (`wagmi.store`: the connector and address, never a token) beside Foyer's.
 */
function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => !key.startsWith('wagmi.')))
}

describe('server-cookie mode (docs/limits.md)', () => {
  test('default: sign in with no tokens in storage; reload stays signed in; the back end reads the HttpOnly cookie; logout clears', async () => {
    const context: BrowserContext = await browser.newContext()
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const demoUrl = `${stack.demoUrl}?appId=${app.id}`
      expect(new URL(demoUrl).hostname).toBe('localhost')
      const apiCalls: string[] = []
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.pathname.startsWith('/api/v1/'))
          apiCalls.push(`${request.method()} ${url.host}${url.pathname}`)
      })

      await openDemo(page, demoUrl)
      expect(await page.getByTestId('app-id').textContent()).toBe(app.id)
      await signInWithEmail(page, stack.apiUrl, freshEmail('cookie'))

      // The calls went to custom_api_url (the app config came from the default API base).
      const customHost = `localhost:${stack.serverPort}`
      expect(apiCalls).toContain(`GET ${new URL(stack.apiUrl).host}/api/v1/apps/${app.id}`)
      expect(apiCalls).toContain(`POST ${customHost}/api/v1/passwordless/authenticate`)

      // No token in storage: only the client and analytics ids, and the last-used login method.
      expect((await storageKeys(page)).sort()).toEqual(
        [`foyer:${app.id}:recent_login_method`, 'foyer:analytics_id', 'foyer:client_id'].sort(),
      )
      // The server set the four cookies: tokens HttpOnly, SameSite=Strict, Path=/; only the flag is readable.
      const cookies = await context.cookies(stack.demoUrl)
      for (const name of sessionCookieNames) {
        expect(cookies.find((cookie) => cookie.name === name)).toMatchObject({
          sameSite: 'Strict',
          path: '/',
          httpOnly: name !== 'privy-session',
          secure: false, // plain http on localhost
        })
      }
      expect(await page.evaluate(() => document.cookie)).toBe('privy-session=t')
      await expect.poll(() => page.getByTestId('token-claims').textContent()).toContain('HttpOnly cookie')

      // The host back end verifies the session from the HttpOnly privy-token cookie.
      await expect.poll(async () => (await readWhoami(page))?.status).toBe(200)
      const whoami = await verifyWithBackEnd(page, 'cookie')
      expect(whoami).toMatchObject({ status: 200, via: 'cookie', appId: app.id })
      expect(whoami.userId).toMatch(/^did:foyer:/)

      // A reload restores the session from the cookies (a refresh), still with no token in storage.
      apiCalls.length = 0
      await page.reload()
      await expect.poll(() => page.getByTestId('ready').textContent()).toBe('true')
      expect(await page.getByTestId('authenticated').textContent()).toBe('true')
      expect(apiCalls).toContain(`POST ${customHost}/api/v1/sessions`)
      expect((await storageKeys(page)).sort()).toEqual(
        [`foyer:${app.id}:recent_login_method`, 'foyer:analytics_id', 'foyer:client_id'].sort(),
      )
      expect(await verifyWithBackEnd(page, 'cookie')).toMatchObject({ status: 200, userId: whoami.userId })

      // Logout clears every session cookie; the back end then refuses and a reload stays signed out.
      await page.getByRole('button', { name: 'Log out' }).click()
      await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')
      const left = (await context.cookies(stack.demoUrl)).map((cookie) => cookie.name)
      for (const name of sessionCookieNames) expect(left).not.toContain(name)
      expect(await verifyWithBackEnd(page, 'cookie')).toMatchObject({ status: 401, code: 'missing_token' })
      await page.reload()
      await expect.poll(() => page.getByTestId('ready').textContent()).toBe('true')
      expect(await page.getByTestId('authenticated').textContent()).toBe('false')
    } finally {
      await context.close()
    }
  })

  test('error: a cross-site state-changing call is refused (CSRF, docs/security.md property 26)', async () => {
    const response = await fetch(`http://localhost:${stack.serverPort}/api/v1/sessions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'privy-app-id': app.id,
        'sec-fetch-site': 'cross-site',
      },
      body: '{}',
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'invalid_origin' })
  })
})
