import { afterEach, describe, expect, test, vi } from 'vitest'
import { startRedirectLinkCheck } from './redirectLinkCheck'
import { isMobileUserAgent } from './walletConnectDeepLinks'
import { signDelayRemaining, WALLET_CONNECT_SIGN_DELAY_MS } from './walletConnectWallet'

afterEach(() => {
  vi.useRealTimers()
})

describe('WalletConnect sign delay', () => {
  test('behavior: a signing request within 2.5 s of a fresh session waits out the rest; later or without one, none', () => {
    expect(WALLET_CONNECT_SIGN_DELAY_MS).toBe(2_500)
    expect(signDelayRemaining(10_000, 10_000)).toBe(2_500)
    expect(signDelayRemaining(10_000, 11_000)).toBe(1_500)
    expect(signDelayRemaining(10_000, 12_500)).toBe(0)
    expect(signDelayRemaining(10_000, 60_000)).toBe(0)
    // A session restored from storage settled in another page: no wait.
    expect(signDelayRemaining(0, 60_000)).toBe(0)
  })
})

describe('redirect-link check', () => {
  test('behavior: checks every 500 ms and opens the wallet app once, when a link is known and the page visible', () => {
    vi.useFakeTimers()
    const opened: string[] = []
    let link: string | undefined
    let visible = false
    const stop = startRedirectLinkCheck({
      link: () => link,
      open: (url) => opened.push(url),
      isVisible: () => visible,
    })
    vi.advanceTimersByTime(499)
    expect(opened).toEqual([])
    link = 'rainbow://wc'
    vi.advanceTimersByTime(1_001) // checks at 500, 1,000 and 1,500 ms
    expect(opened).toEqual([]) // hidden page: wait
    visible = true
    vi.advanceTimersByTime(499)
    expect(opened).toEqual([])
    vi.advanceTimersByTime(1)
    expect(opened).toEqual(['rainbow://wc'])
    vi.advanceTimersByTime(5_000)
    expect(opened).toEqual(['rainbow://wc'])
    stop()
  })

  test('behavior: the first check is 500 ms after the request left; stopping before ends the checks', () => {
    vi.useFakeTimers()
    const opened: string[] = []
    const stop = startRedirectLinkCheck({
      link: () => 'https://metamask.app.link/wc',
      open: (url) => opened.push(url),
      isVisible: () => true,
    })
    vi.advanceTimersByTime(500)
    expect(opened).toEqual(['https://metamask.app.link/wc'])
    const stopEarly = startRedirectLinkCheck({
      link: () => 'zerion://wc',
      open: (url) => opened.push(url),
      isVisible: () => true,
    })
    vi.advanceTimersByTime(200)
    stopEarly()
    vi.advanceTimersByTime(5_000)
    expect(opened).toEqual(['https://metamask.app.link/wc'])
    stop()
  })

  test('behavior: phones and tablets are mobile; desktops are not', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true)
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile')).toBe(true)
    expect(isMobileUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari', 5)).toBe(true)
    expect(isMobileUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari', 0)).toBe(false)
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0')).toBe(false)
  })
})
