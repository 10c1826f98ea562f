import type { BrowserContext, Page, Request } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { approveSignMessage, signInAndReadWalletAddress } from './support/embeddedWallet'
import { launchBrowserProfile } from './support/launchBrowser'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'

// The wallet frame on another site than the page (docs/security.md#the-wallet-frames-storage-across-sites):
// the demo on http://localhost:<port>, the server and its frame on http://127.0.0.1:<port>. Where the browser
// gives the frame (partitioned) storage, the device share and the device key stay there across a reload.
const MESSAGE = 'Hello from the Foyer demo'
useSharedStack({ demoHost: 'localhost' })
const contexts: BrowserContext[] = []

afterAll(async () => {
  for (const context of contexts) await context.close()
})

/** What the wallet frame did that a stored device share and device key make unnecessary. */
function watchFrameCalls(context: BrowserContext) {
  const calls: string[] = []
  const warnings: string[] = []
  context.on('request', (request: Request) => {
    const { pathname } = new URL(request.url())
    if (request.method() !== 'POST') return
    if (
      pathname === '/api/v1/embedded_wallets/recovery_material' ||
      pathname === '/api/v1/embedded_wallets/recovery' ||
      pathname === '/api/v1/embedded_wallets/devices'
    )
      calls.push(pathname)
  })
  return {
    calls,
    warnings,
    watch(page: Page) {
      page.on('console', (message) => {
        if (message.text().includes('IndexedDB unavailable')) warnings.push(message.text())
      })
    },
  }
}

/**
 * A new browser profile with third-party cookies `allowed` or `blocked` (closed after the file), its frame
 * calls watched, and a page on the demo, ready (20 s default timeout).
 */
async function openDemoInProfile(thirdPartyCookies: 'allowed' | 'blocked') {
  const context = await launchBrowserProfile({ thirdPartyCookies })
  contexts.push(context)
  const frameCalls = watchFrameCalls(context)
  const page = await context.newPage()
  page.setDefaultTimeout(20_000)
  frameCalls.watch(page)
  await openDemo(page, stack.demoUrl)
  return { page, frameCalls }
}

function signMessage(page: Page): Promise<`0x${string}`> {
  return approveSignMessage(page, { open: true })
}

/** The IndexedDB databases of the frame (on the server's origin) and of the page. */
async function databases(page: Page) {
  const frame = page.frames().find((entry) => entry.url().startsWith(`${stack.apiUrl}/apps/`))
  if (!frame) throw new Error('no wallet frame')
  const names = (target: Page | typeof frame) =>
    target.evaluate(async () => (await indexedDB.databases()).map((database) => database.name))
  return { frame: await names(frame), page: await names(page) }
}

describe('wallet frame on another site than the page', () => {
  test('behavior: third-party cookies allowed (a regular Chrome window): after a reload the same wallet signs with no recovery and no new device', async () => {
    expect(new URL(stack.demoUrl).hostname).toBe('localhost')
    expect(new URL(stack.apiUrl).hostname).toBe('127.0.0.1')
    const { page, frameCalls } = await openDemoInProfile('allowed')
    const address = await signInAndReadWalletAddress(page, stack.apiUrl, freshEmail('crosssite'))
    await page.getByTestId('solana-address').waitFor({ timeout: 30_000 })
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signMessage(page) })).toBe(true)
    // The device was registered once, at sign-in; the shares live in the frame's storage, not the page's.
    expect(frameCalls.calls).toEqual(['/api/v1/embedded_wallets/devices'])
    expect(await databases(page)).toEqual({ frame: ['foyer-wallet'], page: [] })

    await page.reload()
    await openDemo(page, stack.demoUrl)
    expect(await page.getByTestId('authenticated').textContent()).toBe('true')
    expect(await page.getByTestId('wallet-address').textContent({ timeout: 30_000 })).toBe(address)
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signMessage(page) })).toBe(true)
    // No recovery, no second device key, no password or sign-in asked for, no fallback to memory.
    expect(frameCalls.calls).toEqual(['/api/v1/embedded_wallets/devices'])
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(frameCalls.warnings).toEqual([])
  })

  test('behavior: third-party cookies blocked (an incognito window): the wallet works from memory; after a reload it asks for a new sign-in, then the same wallet signs', async () => {
    const { page, frameCalls } = await openDemoInProfile('blocked')
    const email = freshEmail('crosssiteblocked')
    await signInWithEmail(page, stack.apiUrl, email)
    const address = (await page
      .getByTestId('wallet-address')
      .textContent({ timeout: 30_000 })) as `0x${string}`
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signMessage(page) })).toBe(true)
    // The browser refused the frame any storage: it said so, once per store, and kept both in memory.
    const refusal = '(UnknownError: The user denied permission to access the database.)'
    expect(frameCalls.warnings.sort()).toEqual([
      `[foyer wallet frame] IndexedDB unavailable ${refusal}: device key kept in memory`,
      `[foyer wallet frame] IndexedDB unavailable ${refusal}: device share kept in memory`,
    ])

    // A reload loses the frame's memory: its new device key cannot be registered in this session, so using
    // the wallet (still listed, same address) asks for a new sign-in.
    await page.reload()
    await openDemo(page, stack.demoUrl)
    expect(await page.getByTestId('authenticated').textContent()).toBe('true')
    expect(await page.getByTestId('wallet-address').textContent({ timeout: 30_000 })).toBe(address)
    await page.getByRole('button', { name: 'Sign message', exact: true }).click()
    await expect
      .poll(() => page.getByTestId('wallet-error').textContent(), { timeout: 30_000 })
      .toContain('Sign in again to use your wallet on this device.')

    // A new sign-in registers the frame's key of this page's life; the wallet is the same one.
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')
    await stack.advanceClock(31_000) // past the code's resend cooldown
    await signInWithEmail(page, stack.apiUrl, email)
    expect(await page.getByTestId('wallet-address').textContent({ timeout: 30_000 })).toBe(address)
    expect(await verifyMessage({ address, message: MESSAGE, signature: await signMessage(page) })).toBe(true)
  })
})
