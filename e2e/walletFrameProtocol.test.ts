import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { frameEvents } from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { context, page, useBrowser } from './support/browserPage'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'

// The wallet frame protocol (docs/conventions.md "The frame protocol"): a page on another origin posts every
// event to the frame and nothing happens, no reply leaks; malformed messages from the allowed origin get
// error replies.
const DEMO_APP_ID = 'foyerdemoapp0000000000000'
/** A host name that is not among the demo app's allowed origins, resolved to loopback by Chromium. */
const EVIL_HOST = 'evil.test'

useSharedStack()
useBrowser({ page: 'file', timeout: 20_000, args: [`--host-resolver-rules=MAP ${EVIL_HOST} 127.0.0.1`] })
let evil: Server
let evilOrigin: string

/**
 * The attacker's pages. `/embed.html?frame=<url>` frames the wallet page itself; `/sibling.html` runs inside
 * the host page, next to the wallet frame. Both post every event to every frame they can reach, with
 * targetOrigin `*`, for 1.5 s, and keep every message they receive in `window.received`.
 */
function attackerPage(kind: 'embed' | 'sibling', payload: string): string {
  return `<!doctype html><html><body><script>
  window.received = []
  window.done = false
  addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }))
  const messages = ${payload}
  const targets = () => {
    if (${JSON.stringify(kind)} === 'embed') return [document.querySelector('iframe')?.contentWindow].filter(Boolean)
    return Array.from({ length: parent.frames.length }, (_, i) => parent.frames[i]).filter((w) => w !== window)
  }
  if (${JSON.stringify(kind)} === 'embed') {
    const frame = document.createElement('iframe')
    frame.src = new URLSearchParams(location.search).get('frame')
    document.body.appendChild(frame)
  }
  const post = () => { for (const target of targets()) for (const message of messages) target.postMessage(message, '*') }
  const timer = setInterval(post, 100)
  setTimeout(() => { clearInterval(timer); window.done = true }, 1500)
</script></body></html>`
}

beforeAll(async () => {
  await openDemo(page, stack.demoUrl)
  await signInWithEmail(page, stack.apiUrl, freshEmail('frame'))
  await page.getByTestId('wallet-address').waitFor({ timeout: 30_000 })
  await page.getByTestId('solana-address').waitFor({ timeout: 30_000 })

  const accessToken = await page.evaluate(
    (key) => localStorage.getItem(key),
    `foyer:${DEMO_APP_ID}:access_token`,
  )
  const address = await page.getByTestId('wallet-address').textContent()
  // Every event, with a real access token and the real wallet: the most an attacker could know.
  const everyEvent = JSON.stringify(
    frameEvents.map((event, index) => ({
      id: `evil-${index}`,
      event,
      data: {
        accessToken,
        chainType: 'ethereum',
        entropyId: address,
        walletIndex: 0,
        address,
        recoveryMethod: 'privy',
        request: { method: 'personal_sign', params: ['0x68656c6c6f', address] },
      },
    })),
  )
  evil = createServer((request, response) => {
    const kind = request.url?.startsWith('/embed.html') ? 'embed' : 'sibling'
    response.writeHead(200, { 'content-type': 'text/html' }).end(attackerPage(kind, everyEvent))
  })
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve))
  evilOrigin = `http://${EVIL_HOST}:${(evil.address() as AddressInfo).port}`
})
afterAll(async () => {
  // Chromium, closed after this hook, still holds its connections: without this the close waits for them.
  evil?.closeAllConnections()
  await new Promise((resolve) => evil?.close(resolve))
})

/** The user's embedded wallets, as the server has them. */
async function serverWallets(): Promise<unknown[]> {
  const token = await page.evaluate((key) => localStorage.getItem(key), `foyer:${DEMO_APP_ID}:access_token`)
  const response = await fetch(`${stack.apiUrl}/api/v1/embedded_wallets`, {
    headers: { authorization: `Bearer ${token}`, 'privy-app-id': DEMO_APP_ID },
  })
  return ((await response.json()) as { wallets: unknown[] }).wallets
}

describe('wallet frame protocol in Chromium', () => {
  test('error: a sibling frame on another origin posts every event to the wallet frame; nothing happens, no reply leaks', async () => {
    const before = await serverWallets()
    // Everything the wallet frame sends to the host page meanwhile (the host sends nothing itself).
    await page.evaluate((apiOrigin) => {
      const w = window as unknown as { hostReceived: unknown[] }
      w.hostReceived = []
      addEventListener('message', (event) => {
        if (event.origin === apiOrigin) w.hostReceived.push(event.data)
      })
    }, new URL(stack.apiUrl).origin)
    await page.evaluate((src) => {
      const frame = document.createElement('iframe')
      frame.src = src
      frame.title = 'attacker'
      document.body.appendChild(frame)
    }, `${evilOrigin}/sibling.html`)
    const attacker = await waitForFrame(`${evilOrigin}/sibling.html`)
    await expect
      .poll(() => attacker.evaluate(() => (window as unknown as { done: boolean }).done), { timeout: 5000 })
      .toBe(true)

    expect(await attacker.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([])
    expect(
      await page.evaluate(() => (window as unknown as { hostReceived: unknown[] }).hostReceived),
    ).toEqual([])
    expect(await serverWallets()).toEqual(before)
  })

  test('error: a top-level page on another origin frames the wallet page and posts every event; no reply', async () => {
    const attackerPage = await context.newPage()
    const frameUrl = await page.evaluate(
      () => document.querySelector<HTMLIFrameElement>('iframe[title="Foyer wallet"]')?.src,
    )
    expect(frameUrl).toContain(`/apps/${DEMO_APP_ID}/embedded-wallets`)
    await attackerPage.goto(`${evilOrigin}/embed.html?frame=${encodeURIComponent(frameUrl ?? '')}`)
    await expect
      .poll(() => attackerPage.evaluate(() => (window as unknown as { done: boolean }).done), {
        timeout: 5000,
      })
      .toBe(true)
    expect(
      await attackerPage.evaluate(() => (window as unknown as { received: unknown[] }).received),
    ).toEqual([])
    await attackerPage.close()
  })

  test('behavior: malformed messages from the allowed origin get invalid_request_arguments replies', async () => {
    const replies = await page.evaluate(
      async ({ apiOrigin, appId }) => {
        const iframe = document.querySelector<HTMLIFrameElement>('iframe[title="Foyer wallet"]')
        const target = iframe?.contentWindow
        if (!target) throw new Error('no wallet frame')
        const accessToken = localStorage.getItem(`foyer:${appId}:access_token`)
        const received: Array<{
          id: string
          event: string
          error?: { type: string; message: string; code?: number }
        }> = []
        const listener = (event: MessageEvent) => {
          if (event.origin === apiOrigin && event.source === target) received.push(event.data)
        }
        addEventListener('message', listener)
        const malformed: unknown[] = [
          'not an object',
          { id: 'm-unknown-event', event: 'privy:unknown', data: {} },
          { event: 'privy:wallets:rpc', data: {} },
          { id: 'm-bad-data', event: 'privy:wallets:rpc', data: { chainType: 'ethereum' } },
          {
            id: 'm-no-password',
            event: 'privy:wallets:create',
            data: { accessToken, recoveryMethod: 'user-passcode' },
          },
        ]
        for (const message of malformed) target.postMessage(message, apiOrigin)
        await new Promise((resolve) => setTimeout(resolve, 1500))
        removeEventListener('message', listener)
        return received
      },
      { apiOrigin: new URL(stack.apiUrl).origin, appId: DEMO_APP_ID },
    )

    for (const reply of replies) expect(reply.error?.type).toBe('invalid_request_arguments')
    const ids = replies.map((reply) => reply.id)
    expect(ids.filter((id) => id === '').length).toBeGreaterThanOrEqual(2) // the string and the message without id
    expect(ids).toEqual(expect.arrayContaining(['m-unknown-event', 'm-bad-data', 'm-no-password']))
    expect(replies).toHaveLength(5)
  })

  test('behavior: the wallet still signs after the attacks', async () => {
    await page.getByRole('button', { name: 'Sign message', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign message' })
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x[0-9a-f]{130}$/)
  })
})

async function waitForFrame(url: string) {
  for (let i = 0; i < 100; i++) {
    const frame = page.frames().find((candidate) => candidate.url() === url)
    if (frame) {
      await frame.waitForLoadState()
      return frame
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`frame ${url} did not load`)
}
