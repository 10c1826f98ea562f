import { describe, expect, test } from 'vitest'
import { walletAppLink, walletConnectDeepLink } from '../walletConnect/walletConnectDeepLinks'
import { loadWalletIcon, lookupWallet, walletDirectory } from '../walletDirectory'

// A pairing URI as the provider's display_uri event gives it: its own `:`, `@`, `?`, `&` and `=` must arrive
// intact in the wallet, so they are URI-encoded inside the link.
const PAIRING =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000'

describe('wallet directory', () => {
  test('default: at least 50 wallets, each with a client type, name, https download links; types unique', () => {
    expect(walletDirectory.length).toBeGreaterThanOrEqual(50)
    const types = walletDirectory.map((entry) => entry.walletClientType)
    expect(new Set(types).size).toBe(types.length)
    for (const entry of walletDirectory) {
      expect(entry.walletClientType).toMatch(/^[a-z0-9_]+$/)
      expect(entry.name).not.toBe('')
      for (const url of Object.values(entry.downloadUrls)) expect(url).toMatch(/^https:\/\//)
      if (entry.hostname !== undefined) expect(entry.hostname).toMatch(/^[a-z0-9.-]+\.[a-z]+$/)
    }
    // The catalogue names the modal documents are there.
    for (const name of [
      'MetaMask',
      'Rainbow',
      'Zerion',
      'Uniswap Wallet',
      'OKX Wallet',
      'Rabby Wallet',
      'Safe',
    ])
      expect(walletDirectory.map((entry) => entry.name)).toContain(name)
  })

  test('behavior: lookups by EIP-6963 rdns, wallet-standard name and client type', () => {
    expect(lookupWallet({ rdns: 'me.rainbow' })?.walletClientType).toBe('rainbow')
    expect(lookupWallet({ rdns: 'io.metamask.flask' })?.walletClientType).toBe('metamask')
    expect(lookupWallet({ standardName: 'Solflare' })?.walletClientType).toBe('solflare')
    expect(lookupWallet({ walletClientType: 'zerion' })?.name).toBe('Zerion')
    expect(lookupWallet({ rdns: '' })).toBeUndefined()
  })

  test('default: icons load separately, as data:image URIs', async () => {
    expect(await loadWalletIcon('metamask')).toMatch(/^data:image\//)
    expect(await loadWalletIcon('no_such_wallet')).toBeUndefined()
  })
})

describe('WalletConnect mobile links', () => {
  const withLinks = walletDirectory.filter((entry) => entry.mobile.native ?? entry.mobile.universal)

  test('default: every link format of the directory carries the pairing URI encoded once, and parses', () => {
    expect(withLinks.length).toBeGreaterThanOrEqual(50)
    for (const entry of withLinks) {
      for (const prefer of ['native', 'universal'] as const) {
        const link = walletConnectDeepLink(entry, PAIRING, prefer)
        expect(link, entry.walletClientType).toBeDefined()
        if (!link) continue
        expect(link, entry.walletClientType).toContain(encodeURIComponent(PAIRING))
        expect(link, entry.walletClientType).not.toContain('{uri}')
        // No raw `&` of the pairing URI leaks into the link's own query.
        expect(link.replace(encodeURIComponent(PAIRING), '').includes('symKey')).toBe(false)
        expect(() => new URL(link)).not.toThrow()
        // The pairing URI reads back out of the link's query, whichever parameter carries it.
        expect(decodeURIComponent(link.slice(link.indexOf('?') + 1))).toContain(PAIRING)
        const app = walletAppLink(entry, prefer)
        expect(app && link.startsWith(app), entry.walletClientType).toBe(true)
        expect(app).not.toContain('?')
      }
    }
  })

  test.each([
    ['metamask', 'universal', 'https://metamask.app.link/wc?uri=', 'https://metamask.app.link/wc'],
    ['rainbow', 'native', 'rainbow://wc?uri=', 'rainbow://wc'],
    ['rainbow', 'universal', 'https://rnbwapp.com/wc?uri=', 'https://rnbwapp.com/wc'],
    ['trust', 'universal', 'trust://wc?uri=', 'trust://wc'],
    ['zerion', 'native', 'zerion://wc?uri=', 'zerion://wc'],
    ['uniswap', 'native', 'uniswap://wc?uri=', 'uniswap://wc'],
    ['okx_wallet', 'native', 'okex://main/wc?uri=', 'okex://main/wc'],
    ['ledger', 'native', 'ledgerlive://wc?uri=', 'ledgerlive://wc'],
    ['kaikas_wallet', 'native', 'kaikas://walletconnect?uri=', 'kaikas://walletconnect'],
    ['binance_wallet', 'native', 'bnc://app.binance.com/cedefi/wc?uri=', 'bnc://app.binance.com/cedefi/wc'],
    [
      'bybit_wallet',
      'native',
      'bybitapp://open/route?targetUrl=by://web3/walletconnect/wc?uri=',
      'bybitapp://open/route',
    ],
    // Formats from the WalletConnect registry entries (thirdweb's), where RainbowKit has none.
    ['exodus', 'universal', 'https://exodus.com/m/wc?uri=', 'https://exodus.com/m/wc'],
    ['backpack', 'native', 'backpack://wc?uri=', 'backpack://wc'],
    ['rabby_wallet', 'native', 'rabby://wc?uri=', 'rabby://wc'],
    ['safe', 'universal', 'https://app.safe.global/wc?uri=', 'https://app.safe.global/wc'],
  ] as const)('behavior: %s (%s) → %s…', (walletClientType, prefer, prefix, app) => {
    const entry = lookupWallet({ walletClientType })
    if (!entry) throw new Error(`${walletClientType} is not in the directory`)
    const link = walletConnectDeepLink(entry, PAIRING, prefer)
    expect(link?.startsWith(prefix)).toBe(true)
    expect(link?.slice(prefix.length).startsWith(encodeURIComponent(PAIRING))).toBe(true)
    expect(walletAppLink(entry, prefer)).toBe(app)
  })

  test('behavior: the universal link is preferred; a wallet with no mobile link gives none', () => {
    const both = { mobile: { native: 'x://wc?uri={uri}', universal: 'https://x.example/wc?uri={uri}' } }
    expect(walletConnectDeepLink(both, 'wc:a@2')).toBe('https://x.example/wc?uri=wc%3Aa%402')
    expect(walletConnectDeepLink(both, 'wc:a@2', 'native')).toBe('x://wc?uri=wc%3Aa%402')
    expect(walletConnectDeepLink({ mobile: {} }, 'wc:a@2')).toBeUndefined()
    expect(walletAppLink({ mobile: {} })).toBeUndefined()
  })
})
