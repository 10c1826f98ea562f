import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { browser, page, useBrowser } from './support/browserPage'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'
import { type Stack, startStack } from './support/startStack'

/** The demo's chain RPC URLs (their defaults: no chains run in this file, and the page may still call them). */
const DEMO_RPC_URLS = ['http://127.0.0.1:8545', 'http://127.0.0.1:8546', 'http://127.0.0.1:8899']

let stack: Stack
useBrowser({
  page: 'each',
  // Every frame (the page and the wallet frame) records its CSP violations from its first script on.
  prepareContext: (context) =>
    context.addInitScript(() => {
      const violations: string[] = []
      ;(window as { __cspViolations?: string[] }).__cspViolations = violations
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}: ${event.sample}`,
        )
      })
    }),
})

beforeAll(async () => {
  stack = await startStack({ demoContentSecurityPolicy: (nonce) => hostPolicy(nonce) })
})
afterAll(async () => {
  await stack?.close()
})

/**
 * The host page's policy (docs/content-security-policy.md): nothing inline without the nonce, the server in
 * frame-src and connect-src, the chains' RPC URLs, Vite's dev websocket, and `data:` images.
 */
function hostPolicy(nonce: string): string {
  const demo = new URL(stack.demoUrl)
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `frame-src ${stack.apiUrl}`,
    `connect-src 'self' ${stack.apiUrl} ws://${demo.host} ${DEMO_RPC_URLS.join(' ')}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ')
}

/** The violations the frame recorded since it loaded. */
async function violationsIn(target: Page | ReturnType<Page['frames']>[number]): Promise<string[]> {
  return target.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations ?? ['no listener'])
}

/** How the open modal looks: boxes and computed styles of the overlay, the dialog and its parts, and the page's scroll lock. */
async function modalLook(target: Page) {
  await target.getByRole('button', { name: 'Log in' }).click()
  const dialog = target.getByRole('dialog')
  await dialog.getByPlaceholder('your@email.com').waitFor()
  // The dialog's open animation has finished.
  await target.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
  return target.evaluate(() => {
    const pick = (selector: string, properties: readonly string[]) => {
      const element = document.querySelector(selector)
      if (!element) return null
      const style = getComputedStyle(element)
      const box = element.getBoundingClientRect()
      const computed: Record<string, string> = Object.fromEntries(
        properties.map((property) => [property, style.getPropertyValue(property)]),
      )
      return { box: [box.x, box.y, box.width, box.height].map(Math.round), style: computed }
    }
    const surface = [
      'position',
      'display',
      'background-color',
      'color',
      'font-family',
      'font-size',
      'border-radius',
      'box-shadow',
      'padding-top',
      'z-index',
    ]
    return {
      overlay: pick('.foyer-overlay', ['position', 'background-color', 'z-index', 'inset']),
      content: pick('.foyer-content', surface),
      input: pick('[data-foyer] input[type="email"]', [
        'border-top-color',
        'border-radius',
        'height',
        'color',
      ]),
      submit: pick('[data-foyer] form button[type="submit"]', ['background-color', 'color', 'border-radius']),
      close: pick('[data-foyer] .foyer-close', ['position', 'top', 'right']),
      scrollLock: {
        locked: document.body.hasAttribute('data-scroll-locked'),
        overflow: getComputedStyle(document.body).overflow,
      },
    }
  })
}

describe('host page with a strict nonce-based Content-Security-Policy', () => {
  test('default: the modal is styled as without the policy, email sign-in works, and nothing is refused in the page or the wallet frame', async () => {
    // The same page with the policy ignored (Chromium's CSP bypass) draws the modal as intended.
    const bypass = await browser.newContext({ bypassCSP: true })
    const plain = await bypass.newPage()
    await openDemo(plain, stack.demoUrl)
    const withoutPolicy = await modalLook(plain)
    await bypass.close()
    expect(withoutPolicy.overlay?.style.position).toBe('fixed')
    expect(withoutPolicy.content?.style.position).toBe('fixed')
    expect(withoutPolicy.scrollLock).toEqual({ locked: true, overflow: 'hidden' })

    const refused: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
    })
    await openDemo(page, stack.demoUrl)
    const underPolicy = await modalLook(page)
    expect(underPolicy).toEqual(withoutPolicy)

    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await signInWithEmail(page, stack.apiUrl, freshEmail('csp'))
    // The demo creates the wallets after sign-in, through the wallet frame.
    await expect
      .poll(() => page.getByTestId('wallet-address').first().textContent(), { timeout: 30_000 })
      .toMatch(/^0x[0-9a-fA-F]{40}$/)

    const walletFrame = page.frames().find((frame) => frame.url().includes('/embedded-wallets'))
    expect(walletFrame, 'the wallet frame').toBeDefined()
    expect(await violationsIn(page)).toEqual([])
    expect(await violationsIn(walletFrame!)).toEqual([])
    expect(refused).toEqual([])

    // The policy is in force and the listener hears it: an inline style without the nonce is refused.
    await page.evaluate(() => {
      const style = document.createElement('style')
      style.textContent = 'body { outline: 1px solid red }'
      document.head.append(style)
    })
    await expect
      .poll(() => violationsIn(page))
      .toEqual([expect.stringMatching(/^style-src-elem blocked inline/)])
  })
})
