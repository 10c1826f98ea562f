import { describe, expect, test } from 'vitest'
import { createTestApi, createTestClient } from '../../test/createTestApi'
import { initialize } from '../actions/session/initialize'
import { getPageLoadParameters, type PageLoadWindow, takePageLoadParameters } from './pageLoadParameters'

function fakeWindow(href: string) {
  const replaced: string[] = []
  const win: PageLoadWindow = {
    location: { href },
    history: {
      state: { keep: true },
      replaceState(_data, _unused, url) {
        replaced.push(String(url))
        win.location.href = String(url)
      },
    },
  }
  return { win, replaced }
}

describe('page-load parameters (docs/sessions.md#page-load-parameters)', () => {
  test('default: the three are read and removed; the rest of the URL is kept', () => {
    const { win, replaced } = fakeWindow(
      'https://app.test/shop?tab=2&privy_token=t1&privy_connector=injected&privy_wallet_client=phantom#top',
    )
    expect(takePageLoadParameters(win)).toEqual({
      token: 't1',
      connector: 'injected',
      walletClient: 'phantom',
    })
    expect(replaced).toEqual(['https://app.test/shop?tab=2#top'])
  })

  test('behavior: one alone is read (the others null); none leaves the URL alone', () => {
    const one = fakeWindow('https://app.test/?privy_wallet_client=metamask')
    expect(takePageLoadParameters(one.win)).toEqual({
      token: null,
      connector: null,
      walletClient: 'metamask',
    })
    expect(one.replaced).toEqual(['https://app.test/'])
    const none = fakeWindow('https://app.test/?privy_oauth_state=s&x=1')
    expect(takePageLoadParameters(none.win)).toBeNull()
    expect(none.replaced).toEqual([])
  })

  test('behavior: initialize takes them off the page URL at once; getPageLoadParameters answers them', async () => {
    const api = createTestApi()
    const { win } = fakeWindow('https://app.test/?privy_token=abc&privy_connector=wallet_connect_v2')
    const original = (globalThis as { window?: unknown }).window
    ;(globalThis as { window?: unknown }).window = win
    try {
      const client = createTestClient(api)
      expect(getPageLoadParameters(client)).toBeNull()
      const ready = initialize(client)
      // Removed before the first call answers.
      expect(win.location.href).toBe('https://app.test/')
      await ready
      expect(getPageLoadParameters(client)).toEqual({
        token: 'abc',
        connector: 'wallet_connect_v2',
        walletClient: null,
      })
    } finally {
      ;(globalThis as { window?: unknown }).window = original
    }
  })
})
