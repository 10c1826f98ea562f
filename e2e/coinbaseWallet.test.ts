import { type CoinbaseWalletPopupStandIn, startCoinbaseWalletPopupStandIn } from '@foyer/server/testing'
import type { Page } from 'playwright-core'
import { hexToString, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { context, page, useBrowser } from './support/browserPage'
import { chooseWallet, usersMe } from './support/externalWallets/walletSignIn'
import { stack, useSharedStack } from './support/sharedStack'
import { openDemo } from './support/signInWithEmail'

// Coinbase Wallet through `@coinbase/wallet-sdk`: the SDK opens its popup at `preference.keysUrl`, here the
// stand-in of `@foyer/server/testing`, which speaks the SDK's postMessage protocol (P-256 handshake, AES-GCM
// requests) and signs with a test key (docs/external-wallets.md "Coinbase Wallet").
useSharedStack()
useBrowser({ page: 'file' })

const account = privateKeyToAccount(generatePrivateKey())
let standIn: CoinbaseWalletPopupStandIn
const popups: Page[] = []

beforeAll(async () => {
  standIn = await startCoinbaseWalletPopupStandIn({
    account,
    chains: { [stack.chains.anvil.chainId]: stack.chains.anvil.rpcUrl },
  })
  context.on('page', (opened) => popups.push(opened))
})
afterAll(async () => {
  await standIn?.close()
})

describe('Coinbase Wallet', () => {
  test('default: sign in with SIWE through the popup, sign a message, move to an unknown chain (added); the popup closes once idle', async () => {
    const demoOrigin = new URL(stack.demoUrl).origin
    await openDemo(page, `${stack.demoUrl}?coinbaseKeysUrl=${encodeURIComponent(standIn.keysUrl)}`)
    await chooseWallet(/Coinbase Wallet/)
    await expect.poll(() => page.getByTestId('authenticated').textContent(), { timeout: 30_000 }).toBe('true')

    // The handshake gave the account; the SIWE message went through an encrypted request.
    expect(standIn.requests.map((request) => [request.origin, request.method])).toEqual([
      [demoOrigin, 'eth_requestAccounts'],
      [demoOrigin, 'personal_sign'],
    ])
    const [messageHex] = (standIn.requests[1]?.params ?? []) as `0x${string}`[]
    const message = hexToString(messageHex ?? '0x')
    expect(message).toContain(
      `${new URL(stack.demoUrl).host} wants you to sign in with your Ethereum account:`,
    )
    expect(message).toContain(account.address)
    const me = await usersMe()
    expect(me.linked_accounts).toContainEqual(
      expect.objectContaining({
        type: 'wallet',
        address: account.address,
        wallet_client_type: 'coinbase_wallet',
        connector_type: 'coinbase_wallet',
      }),
    )
    // Popups at keysUrl with the app's origin, each closing itself once idle.
    expect(popups.length).toBeGreaterThanOrEqual(1)
    for (const popup of popups) {
      const url = new URL(popup.url())
      expect(`${url.origin}${url.pathname}`).toBe(standIn.keysUrl)
      expect(url.searchParams.get('origin')).toBe(demoOrigin)
      await expect.poll(() => popup.isClosed()).toBe(true)
    }

    // Signing a message with the connected account: a new popup, the same session keys.
    const popupsBefore = popups.length
    await page.getByRole('button', { name: 'Sign with Coinbase Wallet' }).click()
    await expect
      .poll(() => page.getByTestId('coinbase-signature').textContent(), { timeout: 20_000 })
      .toMatch(/^0x[0-9a-f]{130}$/)
    const signature = (await page.getByTestId('coinbase-signature').textContent()) as `0x${string}`
    expect(
      await verifyMessage({ address: account.address, message: 'Hello from the Foyer demo', signature }),
    ).toBe(true)
    expect(standIn.requests.map((request) => request.method).at(-1)).toBe('personal_sign')
    expect(popups.length).toBe(popupsBefore + 1)

    // Moving it to a chain it does not know: the popup answers with Coinbase's addEthereumChain message (no
    // 4902), switchWalletChain adds the chain through the popup, and the switch then succeeds.
    await page.getByRole('button', { name: 'Move Coinbase Wallet to Anvil 2' }).click()
    await expect
      .poll(() => page.getByTestId('coinbase-chain').textContent(), { timeout: 20_000 })
      .toBe('31338')
    const chainRequests = standIn.requests.slice(3)
    expect(chainRequests.map((request) => [request.method, request.error?.code])).toEqual([
      ['wallet_switchEthereumChain', -32603],
      ['wallet_addEthereumChain', undefined],
    ])
    expect(chainRequests[1]?.params).toEqual([
      expect.objectContaining({
        chainId: '0x7a6a',
        chainName: 'Anvil 2',
        rpcUrls: [expect.stringMatching(/^http:/)],
      }),
    ])
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect.poll(() => page.getByTestId('authenticated').textContent()).toBe('false')
  }, 90_000)

  test("error: the popup refuses another origin's messages and an unencrypted request", async () => {
    const demoOrigin = new URL(stack.demoUrl).origin
    // A popup told it serves another origin: the demo page's messages are refused.
    await page.evaluate(async (keysUrl) => {
      const popup = window.open(`${keysUrl}?origin=${encodeURIComponent('https://app.example')}`, 'other')
      await new Promise((resolve) => setTimeout(resolve, 1500))
      popup?.postMessage({ id: 'select', event: 'selectSignerType', data: {} }, new URL(keysUrl).origin)
    }, standIn.keysUrl)
    await expect
      .poll(() => standIn.refusals)
      .toContainEqual({ reason: 'origin', origin: 'https://app.example', from: demoOrigin })

    // A request that is neither a handshake nor encrypted: a protocol failure, nothing signed.
    const signed = standIn.requests.length
    const failure = await page.evaluate(async (keysUrl) => {
      const popup = window.open(`${keysUrl}?origin=${encodeURIComponent(location.origin)}`, 'plain')
      const keysOrigin = new URL(keysUrl).origin
      return new Promise((resolve) => {
        addEventListener('message', (event) => {
          if (event.origin !== keysOrigin) return
          if (event.data?.event === 'PopupLoaded') {
            const request = { method: 'personal_sign', params: ['0x00'] }
            popup?.postMessage({ id: 'plain', sender: '00', content: { action: request } }, keysOrigin)
          } else if (event.data?.requestId === 'plain') resolve(event.data.content)
        })
      })
    }, standIn.keysUrl)
    expect(failure).toEqual({ failure: { code: -32600, message: 'The request is not encrypted.' } })
    expect(standIn.refusals).toContainEqual({ reason: 'unencrypted', origin: demoOrigin })
    expect(standIn.requests.length).toBe(signed)
  }, 60_000)
})
