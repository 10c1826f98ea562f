import type { Browser, Page } from 'playwright-core'
import { getAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { waitForTestId } from '../../e2e/support/signInWithEmail'
import { connectBrowser } from '../support/connectBrowser'

const { pageUrl } = inject('interop')
const account = privateKeyToAccount(generatePrivateKey())
let browser: Browser
let page: Page

/**
 * An injected wallet as a browser extension provides it (runs in the page before its scripts): an EIP-1193
 * provider on chain 31337, announced by EIP-6963 ('Interop Test Wallet') and set as `window.ethereum`, whose
 * key stays in Node (`personal_sign` calls out to `testWalletSign`). Extensions set `window.ethereum` before
 * the page runs; react-auth detects injected wallets at once when it is there, and only after a 3-second
 * wait otherwise (a modal opened before then lists no injected wallet).
 */
function injectTestWallet(address: string): void {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [address]
        case 'eth_chainId':
          return '0x7a69'
        case 'net_version':
          return '31337'
        case 'wallet_switchEthereumChain':
        case 'wallet_addEthereumChain':
          return null
        case 'wallet_requestPermissions':
        case 'wallet_getPermissions':
          return [{ parentCapability: 'eth_accounts' }]
        case 'personal_sign':
          return (window as unknown as { testWalletSign(message: string): Promise<string> }).testWalletSign(
            String(params?.[0]),
          )
        default:
          throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 })
      }
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)?.add(listener)
      return provider
    },
    removeListener(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  const info = {
    uuid: '5a0f8f4e-8a4c-4d7e-9b1b-6d2d1b0b7c11',
    name: 'Interop Test Wallet',
    icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>',
    rdns: 'dev.foyer.interop-test-wallet',
  }
  ;(window as unknown as { ethereum: typeof provider }).ethereum = provider
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

/** The messages the test wallet signed (hex-encoded UTF-8, as `personal_sign` receives them). */
const signed: string[] = []

beforeAll(async () => {
  browser = await connectBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.exposeFunction('testWalletSign', (message: string) => {
    signed.push(message)
    return account.signMessage({
      message: message.startsWith('0x') ? { raw: message as `0x${string}` } : message,
    })
  })
  await context.addInitScript(injectTestWallet, account.address)
  page = await context.newPage()
  await page.goto(pageUrl)
  await waitForTestId(page, 'ready', 'true')
})
afterAll(async () => {
  await browser?.close()
})

describe('react-auth in Chromium: Sign-In with Ethereum with an injected wallet', () => {
  test("login({ loginMethods: ['wallet'] }): the EIP-6963 wallet signs Foyer's SIWE message and signs in", async () => {
    await page.getByRole('button', { name: 'Log in with a wallet' }).click()
    await page.getByText('Interop Test Wallet').click()
    await waitForTestId(page, 'authenticated', 'true')
    expect(getAddress((await page.getByTestId('user-wallet').textContent()) ?? '')).toBe(account.address)
    // The wallet account is labelled by the connector react-auth used (the EIP-6963 name, snake_case).
    expect(await page.getByTestId('user-wallet-client').textContent()).toBe('interop_test_wallet')
    // One signature: an EIP-4361 message for this page's origin, this address and chain 31337.
    expect(signed).toHaveLength(1)
    const message = Buffer.from((signed[0] ?? '').slice(2), 'hex').toString('utf8')
    expect(message).toContain(`${new URL(pageUrl).host} wants you to sign in with your Ethereum account:`)
    expect(message).toContain(account.address)
    expect(message).toContain('Chain ID: 31337')
  })

  test('a reload keeps the wallet session', async () => {
    await page.reload()
    await waitForTestId(page, 'ready', 'true')
    expect(await page.getByTestId('authenticated').textContent()).toBe('true')
    expect(getAddress((await page.getByTestId('user-wallet').textContent()) ?? '')).toBe(account.address)
  })
})
