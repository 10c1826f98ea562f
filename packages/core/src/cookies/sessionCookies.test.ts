import { afterEach, describe, expect, test, vi } from 'vitest'
import { createTestApi, createTestClient, json, testStorageKey } from '../../test/createTestApi'
import { installFakeBrowser } from '../../test/fakeBrowser'
import { loginWithEmailCode } from '../actions/email/loginWithEmailCode'
import { getAccessToken } from '../actions/session/getAccessToken'
import { logout } from '../actions/session/logout'
import { refreshSession } from '../actions/session/refreshSession'
import { createMemoryStorage } from '../storage/createMemoryStorage'
import { sessionCookies } from './sessionCookies'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('sessionCookies', () => {
  test('default: privy-token expires with the token; privy-session is a 30-day flag; SameSite=Strict, Path=/', () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'))
    const browser = installFakeBrowser('https://app.example.com/page')
    sessionCookies.write('header.payload.signature', Date.now() / 1000 + 3600)
    expect(browser.jar.get('privy-token')).toEqual({
      value: 'header.payload.signature',
      attributes: { path: '/', 'max-age': '3600', samesite: 'Strict', secure: true },
    })
    expect(browser.jar.get('privy-session')).toEqual({
      value: 't',
      attributes: { path: '/', 'max-age': String(30 * 24 * 3600), samesite: 'Strict', secure: true },
    })
  })

  test.each([
    ['http://localhost:5173/', false],
    ['http://127.0.0.1:5173/', false],
    ['https://localhost/', true],
    ['http://app.example.com/', true],
  ])('behavior: on %s Secure is %s (docs/limits.md)', (url, secure) => {
    const browser = installFakeBrowser(url)
    sessionCookies.write('a.b.c', Date.now() / 1000 + 60)
    expect(browser.jar.get('privy-token')?.attributes.secure ?? false).toBe(secure)
    expect(browser.jar.get('privy-session')?.attributes.secure ?? false).toBe(secure)
  })

  test('behavior: an already expired token removes privy-token; clear removes both', () => {
    const browser = installFakeBrowser()
    sessionCookies.write('a.b.c', Date.now() / 1000 + 60)
    sessionCookies.write('a.b.c', Date.now() / 1000 - 1)
    expect(browser.jar.has('privy-token')).toBe(false)
    expect(browser.jar.has('privy-session')).toBe(true)
    sessionCookies.clear()
    expect(browser.jar.size).toBe(0)
  })

  test('behavior: read finds a cookie among others', () => {
    const browser = installFakeBrowser()
    browser.serverSets('other', 'x')
    browser.serverSets('privy-session', 't')
    expect(sessionCookies.read('privy-session')).toBe('t')
    expect(sessionCookies.read('privy-token')).toBeNull()
  })

  test('behavior: without document (Node, server rendering) nothing happens', () => {
    expect(() => sessionCookies.write('a.b.c', Date.now() / 1000 + 60)).not.toThrow()
    expect(() => sessionCookies.clear()).not.toThrow()
    expect(sessionCookies.read('privy-session')).toBeNull()
  })
})

describe('client-written cookies outside server-cookie mode', () => {
  async function signedIn() {
    const browser = installFakeBrowser('http://localhost:5173/')
    const api = createTestApi()
    const storage = createMemoryStorage()
    const client = createTestClient(api, { storage })
    await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
    return { browser, api, client, storage }
  }

  test('default: sign-in writes privy-token (the access token) and privy-session', async () => {
    const { browser, storage } = await signedIn()
    expect(browser.jar.get('privy-token')?.value).toBe(await storage.get(testStorageKey('access_token')))
    expect(Number(browser.jar.get('privy-token')?.attributes['max-age'])).toBeGreaterThan(3500)
    expect(browser.jar.get('privy-session')?.value).toBe('t')
  })

  test('behavior: a refresh rewrites privy-token with the new token', async () => {
    const { browser, client, storage } = await signedIn()
    const before = browser.jar.get('privy-token')?.value
    await refreshSession(client)
    const after = await storage.get(testStorageKey('access_token'))
    expect(after).not.toBe(before)
    expect(browser.jar.get('privy-token')?.value).toBe(after)
  })

  test('behavior: logout removes both', async () => {
    const { browser, client } = await signedIn()
    await logout(client)
    expect(browser.jar.has('privy-token')).toBe(false)
    expect(browser.jar.has('privy-session')).toBe(false)
  })

  test("behavior: session_update_action 'clear' removes both", async () => {
    const { api, browser, client } = await signedIn()
    api.on('POST /api/v1/sessions', async () => json(await api.issue({ session_update_action: 'clear' })))
    await refreshSession(client)
    expect(browser.jar.size).toBe(0)
  })

  test('behavior: an unparsable stored token is wiped along with the cookies', async () => {
    const { browser, client } = await signedIn()
    await client._internal.session.write({ accessToken: 'garbage' })
    expect(await getAccessToken(client)).toBeNull()
    expect(browser.jar.size).toBe(0)
  })
})
