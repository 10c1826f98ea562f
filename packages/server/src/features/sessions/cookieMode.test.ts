import { authResponseSchema, forkSessionResponseSchema } from '@foyer/protocol'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, test } from 'vitest'
import { createShopApp, SHOP_SAME_SITE_HEADERS } from '../../test/shopApp'
import { useTestContext } from '../../test/useTestContext'
import { type AppRecord, createAppRecord } from '../apps/service'

const t = useTestContext()
let shop: AppRecord
let local: AppRecord
let counter = 0
const shopHeaders = SHOP_SAME_SITE_HEADERS

beforeAll(async () => {
  shop = await createShopApp(t, { customApi: true })
  local = await createAppRecord(t.db, {
    name: 'Local',
    allowedOrigins: ['http://localhost:5173'],
    settings: { custom_api_url: 'http://localhost:8787' },
    masterKey: t.masterKey,
  })
})

type Cookie = {
  name: string
  value: string
  path?: string
  sameSite?: string
  secure?: boolean
  httpOnly?: boolean
  maxAge?: number
  expires?: Date
}
function cookiesOf(response: LightMyRequestResponse): Record<string, Cookie> {
  return Object.fromEntries((response.cookies as Cookie[]).map((cookie) => [cookie.name, cookie]))
}
function jar(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries((response.cookies as Cookie[]).map((cookie) => [cookie.name, cookie.value]))
}

async function signInAt(app: AppRecord, headers: Record<string, string>) {
  const email = `cookie${++counter}@example.com`
  const code = await t.sendCode(email, app.id)
  return t.request({
    method: 'POST',
    url: '/api/v1/passwordless/authenticate',
    appId: app.id,
    headers,
    json: { email, code },
  })
}

describe('server-cookie mode (docs/limits.md, docs/security.md property 26)', () => {
  test('default: tokens go to HttpOnly, Secure, SameSite=Strict, Path=/ cookies; the body carries none', async () => {
    const response = await signInAt(shop, shopHeaders)
    expect(response.statusCode).toBe(200)
    const body = authResponseSchema.parse(response.json())
    expect(body).toMatchObject({
      token: null,
      privy_access_token: null,
      refresh_token: null,
      identity_token: null,
      session_update_action: 'set',
      is_new_user: true,
    })
    const cookies = cookiesOf(response)
    expect(Object.keys(cookies).sort()).toEqual([
      'privy-id-token',
      'privy-refresh-token',
      'privy-session',
      'privy-token',
    ])
    for (const cookie of Object.values(cookies))
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict', secure: true })
    expect(cookies['privy-token']).toMatchObject({ httpOnly: true, maxAge: 3600 })
    expect(cookies['privy-token']!.value.split('.')).toHaveLength(3)
    expect(cookies['privy-refresh-token']).toMatchObject({ httpOnly: true, maxAge: 30 * 24 * 3600 })
    expect(cookies['privy-id-token']).toMatchObject({ httpOnly: true, maxAge: 3600 })
    expect(cookies['privy-session']).toMatchObject({ value: 't', maxAge: 30 * 24 * 3600 })
    expect(cookies['privy-session']!.httpOnly).toBeFalsy()
    // Nothing secret in the body either.
    expect(response.body).not.toContain(cookies['privy-refresh-token']!.value)
    expect(response.body).not.toContain(cookies['privy-token']!.value)
  })

  test('behavior: plain http to localhost gets no Secure attribute (browsers would drop it)', async () => {
    const response = await signInAt(local, { host: 'localhost:8787', origin: 'http://localhost:5173' })
    const cookies = cookiesOf(response)
    expect(Object.keys(cookies)).toHaveLength(4)
    for (const cookie of Object.values(cookies)) {
      expect(cookie.secure).toBeFalsy()
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' })
    }
  })

  test('behavior: the same app called on another host is in token mode (no cookies)', async () => {
    const response = await signInAt(shop, { host: 'api.foyer.example', origin: 'https://shop.example' })
    expect(response.statusCode).toBe(200)
    expect(response.cookies).toEqual([])
    expect(authResponseSchema.parse(response.json()).refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  test('behavior: users/me, refresh and fork work from the cookies alone; logout clears all four', async () => {
    const signedIn = await signInAt(shop, shopHeaders)
    let cookies = jar(signedIn)
    const call = (method: 'GET' | 'POST', url: string, json?: unknown) =>
      t.request({ method, url, appId: shop.id, headers: shopHeaders, cookies, ...(json ? { json } : {}) })

    expect((await call('GET', '/api/v1/users/me')).statusCode).toBe(200)

    const refreshed = await call('POST', '/api/v1/sessions', {})
    expect(refreshed.statusCode).toBe(200)
    expect(authResponseSchema.parse(refreshed.json()).refresh_token).toBeNull()
    const rotated = jar(refreshed)
    expect(rotated['privy-refresh-token']).not.toBe(cookies['privy-refresh-token'])
    cookies = { ...cookies, ...rotated }

    const forked = await call('POST', '/api/v1/sessions/fork', {})
    expect(forked.statusCode).toBe(200)
    const forkBody = forkSessionResponseSchema.parse(forked.json())
    expect(forkBody.refresh_token).toBeNull()
    expect(forkBody.token).toBeNull()
    expect(forkBody.new_session_refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    cookies = { ...cookies, ...jar(forked) }
    expect((await call('GET', '/api/v1/users/me')).statusCode).toBe(200)

    const loggedOut = await call('POST', '/api/v1/sessions/logout', {})
    expect(loggedOut.json()).toEqual({ success: true })
    const cleared = cookiesOf(loggedOut)
    expect(Object.keys(cleared).sort()).toEqual([
      'privy-id-token',
      'privy-refresh-token',
      'privy-session',
      'privy-token',
    ])
    for (const cookie of Object.values(cleared)) {
      expect(cookie.value).toBe('')
      expect(cookie.expires!.getTime()).toBeLessThan(Date.now())
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict', secure: true })
    }
    // The session is revoked on the server: the old cookies no longer work.
    expect((await call('GET', '/api/v1/users/me')).statusCode).toBe(401)
    const dead = await call('POST', '/api/v1/sessions', {})
    expect(dead.json()).toMatchObject({ code: 'missing_or_invalid_token' })
    expect(Object.keys(cookiesOf(dead))).toHaveLength(4) // a dead refresh clears the cookies too
  })
})

describe('CSRF (docs/security.md property 26)', () => {
  test('error: a POST without privy-app-id → 403 invalid_origin', async () => {
    for (const headers of [shopHeaders, {}]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/sessions',
        appId: null,
        headers,
        json: {},
      })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ error: 'Missing privy-app-id header', code: 'invalid_origin' })
    }
  })

  test('error: a disallowed Origin → 403 invalid_origin, before any token is looked at', async () => {
    const signedIn = await signInAt(shop, shopHeaders)
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/sessions',
      appId: shop.id,
      headers: { ...shopHeaders, origin: 'https://evil.example' },
      cookies: jar(signedIn),
      json: {},
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: 'invalid_origin' })
    expect(response.cookies).toEqual([])
  })

  test('error: Sec-Fetch-Site: cross-site in cookie mode → 403 invalid_origin', async () => {
    const signedIn = await signInAt(shop, shopHeaders)
    for (const url of ['/api/v1/sessions', '/api/v1/sessions/logout', '/api/v1/passwordless/init']) {
      const response = await t.request({
        method: 'POST',
        url,
        appId: shop.id,
        headers: { ...shopHeaders, 'sec-fetch-site': 'cross-site' },
        cookies: jar(signedIn),
        json: { email: 'x@example.com' },
      })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        error: 'Cross-site requests are not allowed',
        code: 'invalid_origin',
      })
    }
    // The session survived the refused calls.
    const me = await t.request({
      method: 'GET',
      url: '/api/v1/users/me',
      appId: shop.id,
      headers: shopHeaders,
      cookies: jar(signedIn),
    })
    expect(me.statusCode).toBe(200)
  })

  test('behavior: outside cookie mode a cross-site call from an allowed origin is served (Bearer tokens are not ambient)', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/init',
      appId: shop.id,
      headers: { host: 'api.foyer.example', origin: 'https://shop.example', 'sec-fetch-site': 'cross-site' },
      json: { email: `cross${++counter}@example.com` },
    })
    expect(response.statusCode).toBe(200)
  })
})
