import type Privy from '@privy-io/js-sdk-core'
import type { Browser, Page } from 'playwright-core'
import { inject } from 'vitest'
import { connectBrowser } from './connectBrowser'

let browser: Promise<Browser> | undefined

/** This test file's connection to the suite's Chromium, for its frames ({@link closeFrameBrowser} in `afterAll`). */
function sharedBrowser(): Promise<Browser> {
  browser ??= connectBrowser()
  return browser
}

/** Closes the connection {@link attachWalletFrame} opened in this file, if any, with the frames' contexts. */
export async function closeFrameBrowser(): Promise<void> {
  const started = browser
  browser = undefined
  await (await started)?.close()
}

/**
 * Gives a Node js-sdk-core client the wallet frame it expects from its host: a Chromium page on one of the
 * app's allowed origins embeds the frame at `client.embeddedWallet.getURL()` (Foyer's frame, served by the
 * server), the client's `postMessage` calls are posted into it with their target origin, and the frame's
 * answers to the page come back to `client.embeddedWallet.onMessage` — the same message exchange a browser
 * host has, with Node as the host's script.
 *
 * @returns the page (to read the frame's state) once the frame has loaded.
 */
export async function attachWalletFrame(client: Privy): Promise<Page> {
  const { pageUrl } = inject('interop')
  const context = await (await sharedBrowser()).newContext()
  const page = await context.newPage()
  await page.exposeBinding('deliverToClient', (_source, data: unknown) => {
    client.embeddedWallet.onMessage(data as Parameters<Privy['embeddedWallet']['onMessage']>[0])
  })
  await page.goto(new URL('frame-host.html', pageUrl).href)
  const frameUrl = client.embeddedWallet.getURL()
  await page.evaluate(async (src) => {
    const iframe = document.createElement('iframe')
    iframe.id = 'wallet-frame'
    iframe.src = src
    window.addEventListener('message', (event) => {
      if (event.source !== iframe.contentWindow) return
      ;(window as unknown as { deliverToClient(data: unknown): void }).deliverToClient(event.data)
    })
    const loaded = new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }))
    document.body.append(iframe)
    await loaded
  }, frameUrl)
  client.setMessagePoster({
    postMessage(message: unknown, targetOrigin: string) {
      void page
        .evaluate(
          ([data, origin]) => {
            const frame = document.getElementById('wallet-frame') as HTMLIFrameElement
            frame.contentWindow?.postMessage(data, origin)
          },
          [message, targetOrigin] as const,
        )
        .catch(() => {})
    },
    reload() {
      void page
        .evaluate(() => {
          const frame = document.getElementById('wallet-frame') as HTMLIFrameElement
          frame.setAttribute('src', frame.src)
        })
        .catch(() => {})
    },
  })
  return page
}
