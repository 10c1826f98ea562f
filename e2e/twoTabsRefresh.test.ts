import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { browser, useBrowser } from './support/browserPage'
import { stack, useSharedStack } from './support/sharedStack'
import {
  freshEmail,
  openDemo,
  readWhoami,
  signInWithEmail,
  verifyWithBackEnd,
} from './support/signInWithEmail'

const DEMO_APP_ID = 'foyerdemoapp0000000000000'
/** One hour and a minute: past the access token's 1 h lifetime, well inside the session's. */
const JUMP_MS = 3_660_000

useSharedStack()
useBrowser()

/** The tokens a tab holds in localStorage, and the access token's `exp` (s) as the page's clock compares it. */
async function held(page: Page) {
  return page.evaluate((appId) => {
    const access = localStorage.getItem(`foyer:${appId}:access_token`) ?? ''
    const payload = JSON.parse(atob(access.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')))
    return {
      access,
      refresh: localStorage.getItem(`foyer:${appId}:refresh_token`),
      exp: payload.exp as number,
      pageNowSeconds: Date.now() / 1000,
      webLocks: typeof navigator.locks?.request === 'function',
    }
  }, DEMO_APP_ID)
}

/** `GET /api/v1/users/me` with `token`, as the server sees it (its clock included). */
async function serverAccepts(token: string): Promise<number> {
  const response = await fetch(`${stack.apiUrl}/api/v1/users/me`, {
    headers: { authorization: `Bearer ${token}`, 'privy-app-id': DEMO_APP_ID },
  })
  return response.status
}

describe('two tabs, one session', () => {
  test('behavior: with an expired access token both tabs refresh — one rotation under the Web Lock — and both stay signed in', async () => {
    const context: BrowserContext = await browser.newContext()
    try {
      await context.clock.install()
      const refreshes: number[] = []
      context.on('response', (response) => {
        const request = response.request()
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/sessions')
          refreshes.push(response.status())
      })

      const first = await context.newPage()
      first.setDefaultTimeout(15_000)
      await openDemo(first, stack.demoUrl)
      await signInWithEmail(first, stack.apiUrl, freshEmail('tabs'))
      const second = await context.newPage()
      second.setDefaultTimeout(15_000)
      await openDemo(second, stack.demoUrl)
      expect(await second.getByTestId('authenticated').textContent()).toBe('true')
      for (const page of [first, second])
        await expect.poll(async () => (await readWhoami(page))?.status).toBe(200)

      const before = await held(first)
      expect(before.webLocks).toBe(true)
      expect(await serverAccepts(before.access)).toBe(200)

      // An hour and a minute pass, for the server and for the browser.
      await stack.advanceClock(JUMP_MS)
      await context.clock.setSystemTime(Date.now() + JUMP_MS)
      const expired = await held(second)
      expect(expired.access).toBe(before.access)
      expect(expired.exp).toBeLessThan(expired.pageNowSeconds) // the page sees it expired…
      expect(await serverAccepts(before.access)).toBe(401) // …and so does the server
      expect(refreshes).toEqual([])

      // Both tabs need a token at the same moment (the Authorization-header verify calls getAccessToken()).
      const [answerFirst, answerSecond] = await Promise.all([
        verifyWithBackEnd(first, 'authorization'),
        verifyWithBackEnd(second, 'authorization'),
      ])
      const after = await held(first)
      expect(after.access).not.toBe(before.access)
      expect(after.refresh).not.toBe(before.refresh)
      expect(after.exp).toBeGreaterThan(after.pageNowSeconds + 3500)
      expect(await held(second)).toMatchObject({ access: after.access, refresh: after.refresh })
      expect(await serverAccepts(after.access)).toBe(200)
      // One rotation: the second tab waited on the lock, re-read storage and used the first tab's tokens.
      expect(refreshes).toEqual([200])
      for (const answer of [answerFirst, answerSecond]) {
        expect(answer).toMatchObject({ status: 200, via: 'authorization', sessionId: answerFirst.sessionId })
        expect(answer.expiresAt).toBe(after.exp)
      }

      // Both stay signed in, with no further refresh and no reuse alarm.
      await Promise.all([first.reload(), second.reload()])
      for (const page of [first, second]) {
        await expect.poll(() => page.getByTestId('ready').textContent()).toBe('true')
        expect(await page.getByTestId('authenticated').textContent()).toBe('true')
      }
      expect(refreshes).toEqual([200])
      expect(await serverAccepts(after.access)).toBe(200)
    } finally {
      await context.close()
    }
  })
})

describe('two tabs follow each other', () => {
  test('behavior: a sign-in in one tab reaches the other; a logout in one signs the other out and drops its wallet frame', async () => {
    const context: BrowserContext = await browser.newContext()
    try {
      const [first, second] = [await context.newPage(), await context.newPage()]
      for (const page of [first, second]) {
        page.setDefaultTimeout(15_000)
        await openDemo(page, stack.demoUrl)
        expect(await page.getByTestId('authenticated').textContent()).toBe('false')
      }
      // The first tab's wallet creation is held back 1.5 s, so that the sign-in reaches the second tab while
      // no wallet exists yet: both tabs are due to create it, and only one may (one wallet per user).
      // `creations` lists the wallets the server created (a first call may be refused until the frame's
      // device key is registered, then retried).
      const creations: string[] = []
      let held = false
      await context.route('**/api/v1/embedded_wallets', async (route) => {
        if (route.request().method() !== 'POST') return route.continue()
        if (!held) {
          held = true
          await new Promise((resolve) => setTimeout(resolve, 1500))
        }
        const response = await route.fetch()
        if (response.status() === 200)
          creations.push(route.request().postDataJSON()?.chain_type ?? route.request().postData())
        await route.fulfill({ response })
      })
      await signInWithEmail(first, stack.apiUrl, freshEmail('follow'))
      const signedInAt = Date.now()
      await expect
        .poll(() => second.getByTestId('authenticated').textContent(), { timeout: 5000 })
        .toBe('true')
      console.info(`second tab signed in ${Date.now() - signedInAt} ms after the first`)
      // The second tab's embedded wallet is up, the one wallet the first tab created.
      const address = await second.getByTestId('wallet-address').textContent({ timeout: 30_000 })
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(await first.getByTestId('wallet-address').textContent()).toBe(address)
      expect(creations.sort()).toEqual(['ethereum', 'solana']) // one wallet of each, not two
      expect(await second.getByTestId('wallet-status').count()).toBe(0)
      // The second tab signs with it: its own wallet frame now holds the key in memory.
      await second.getByRole('button', { name: 'Sign message', exact: true }).click()
      const sign = second.getByRole('dialog', { name: 'Sign message' })
      await sign.getByRole('button', { name: 'Approve' }).click()
      await sign.waitFor({ state: 'detached' })
      expect(await second.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]{130}$/)
      expect(await second.locator('iframe[title="Foyer wallet"]').count()).toBe(1)

      await first.getByRole('button', { name: 'Log out' }).click()
      const loggedOutAt = Date.now()
      await expect
        .poll(() => second.getByTestId('authenticated').textContent(), { timeout: 5000 })
        .toBe('false')
      console.info(`second tab logged out ${Date.now() - loggedOutAt} ms after the first`)
      expect(await second.locator('iframe[title="Foyer wallet"]').count()).toBe(0)
      expect(
        await second.evaluate((appId) => localStorage.getItem(`foyer:${appId}:access_token`), DEMO_APP_ID),
      ).toBeNull()
    } finally {
      await context.close()
    }
  })
})
