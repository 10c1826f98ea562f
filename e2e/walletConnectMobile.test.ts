import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { IPHONE_CONTEXT_OPTIONS, page, useBrowser } from './support/browserPage'
import { chooseWallet, useWalletConnectPhone } from './support/externalWallets/walletSignIn'
import { stack, useSharedStack } from './support/sharedStack'
import { openDemo } from './support/signInWithEmail'

// WalletConnect on a phone (docs/walletconnect.md "Mobile links", "Redirect to the wallet"): the awaiting screen
// offers 'Open in {wallet}' links carrying the pairing URI; after the user opened one, the signing request brings
// that wallet app to the front. The phone wallet is the scripted one on the shared stack's local relay.
useSharedStack()
useBrowser({
  page: 'file',
  contextOptions: IPHONE_CONTEXT_OPTIONS,
})

const wallet = useWalletConnectPhone('WalletConnect mobile demo', privateKeyToAccount(generatePrivateKey()))

describe('WalletConnect on a phone', () => {
  test("behavior: 'Open in MetaMask' carries the pairing URI; the signing request then opens MetaMask's app link", async () => {
    // The wallet app's links leave the page in a real phone; here they answer 204, which keeps the page.
    const opened: string[] = []
    await page.route('https://metamask.app.link/**', (route) => {
      opened.push(route.request().url())
      return route.fulfill({ status: 204 })
    })
    await openDemo(page, `${stack.demoUrl}?appId=${wallet.appId}`)
    const dialog = await chooseWallet('WalletConnect')

    const apps = dialog.getByRole('list', { name: 'Wallet apps' })
    await apps.waitFor({ timeout: 20_000 })
    expect(await apps.getByRole('link').allTextContents()).toEqual([
      'Open in MetaMask',
      'Open in Rainbow',
      'Open in Trust Wallet',
      'Open in Uniswap Wallet',
      'Open in Zerion',
      'Open in OKX Wallet',
    ])
    const metamask = apps.getByRole('link', { name: 'Open in MetaMask' })
    const href = (await metamask.getAttribute('href')) ?? ''
    const prefix = 'https://metamask.app.link/wc?uri='
    expect(href.startsWith(prefix)).toBe(true)
    const uri = decodeURIComponent(href.slice(prefix.length))
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect((await dialog.getByRole('link', { name: 'Open in Rainbow' }).getAttribute('href')) ?? '').toBe(
      `https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}&connector=rainbowkit`,
    )

    // The user opens MetaMask with the link (the wallet app is what the phone driver stands for), and approves.
    await metamask.click()
    await expect.poll(() => opened.length).toBe(1)
    expect(opened[0]).toBe(href)
    await wallet.phone.pair(uri)

    // The SIWE request: 2.5 s after the session, then MetaMask's app link (no pairing URI) is opened once.
    await dialog.getByRole('heading', { name: 'Sign to verify' }).waitFor({ timeout: 20_000 })
    await expect.poll(() => page.getByTestId('authenticated').textContent(), { timeout: 20_000 }).toBe('true')
    expect(opened).toEqual([href, 'https://metamask.app.link/wc'])
    expect(wallet.phone.requests.map((request) => request.method)).toContain('personal_sign')
  })
})
