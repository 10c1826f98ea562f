import type { ConsoleMessage } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { page, useBrowser } from './support/browserPage'
import { approveSignMessage, readWalletAddress } from './support/embeddedWallet'
import { stack, useSharedStack } from './support/sharedStack'
import { freshEmail, openDemo, signInWithEmail } from './support/signInWithEmail'

// The demo's everyday path logs nothing in the browser console: the SDK, the modal and the wallet frame
// (a frame's console messages reach the page's 'console' event) report through the UI, not the console.
useSharedStack()
useBrowser({ page: 'file', contextOptions: { viewport: { width: 1280, height: 800 } }, timeout: 30_000 })

describe('console in Chromium', () => {
  test('behavior: an email sign-in, the wallet it creates and a message signature log no error or warning', async () => {
    const logged: string[] = []
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning')
        logged.push(`${message.type()}: ${message.text()} ${message.location().url}`)
    }
    const onPageError = (error: Error) => logged.push(`uncaught: ${error.message}`)
    page.on('console', onConsole)
    page.on('pageerror', onPageError)
    try {
      await openDemo(page, stack.demoUrl)
      await signInWithEmail(page, stack.apiUrl, freshEmail('quiet'))
      expect(await readWalletAddress(page)).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(await approveSignMessage(page, { open: true })).toMatch(/^0x[0-9a-f]+$/)
    } finally {
      page.off('console', onConsole)
      page.off('pageerror', onPageError)
    }
    // Not even Chromium's own network line for a refused call: the wallet frame registers this device's key
    // before the user's first wallet instead of being refused (403 device_not_registered) first.
    expect(logged).toEqual([])
  })
})
