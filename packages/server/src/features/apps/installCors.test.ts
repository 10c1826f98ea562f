import { beforeAll, describe, expect, test } from 'vitest'
import { createShopApp } from '../../test/shopApp'
import { useTestContext } from '../../test/useTestContext'
import { corsAllowedHeaders } from './installCors'

const t = useTestContext()
let shopId: string
let counter = 0

beforeAll(async () => {
  shopId = (await createShopApp(t)).id
})

describe('CORS', () => {
  test('default: an allowed origin is echoed with credentials', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/apps/${shopId}`,
      headers: { origin: 'https://shop.example' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example')
    expect(response.headers['access-control-allow-credentials']).toBe('true')
    expect(response.headers.vary).toContain('Origin')
  })

  test('behavior: the demo app allows localhost and 127.0.0.1 on any port', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:4000', 'http://localhost']) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/passwordless/init',
        json: { email: `cors${++counter}@example.com` },
        headers: { origin },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['access-control-allow-origin']).toBe(origin)
    }
  })

  test('error: a disallowed origin gets no CORS headers; its POSTs are refused with 403 invalid_origin', async () => {
    const read = await t.request({
      method: 'GET',
      url: `/api/v1/apps/${shopId}`,
      headers: { origin: 'https://evil.example' },
    })
    expect(read.headers['access-control-allow-origin']).toBeUndefined()
    expect(read.headers['access-control-allow-credentials']).toBeUndefined()
    const write = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/init',
      appId: shopId,
      json: { email: 'victim@example.com' },
      headers: { origin: 'https://evil.example' },
    })
    expect(write.statusCode).toBe(403)
    expect(write.json()).toEqual({
      error: 'Origin https://evil.example is not allowed for this app',
      code: 'invalid_origin',
    })
    expect(write.headers['access-control-allow-origin']).toBeUndefined()
    // The demo app's wildcard does not cover other schemes or hosts.
    const other = await t.request({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { origin: 'https://localhost:5173' },
    })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })

  test('default: preflight allows the wire headers for an allowed origin', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/passwordless/init',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'privy-app-id,content-type',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example')
    expect(response.headers['access-control-allow-credentials']).toBe('true')
    expect(response.headers['access-control-allow-headers']).toBe(corsAllowedHeaders)
    for (const header of [
      'privy-app-id',
      'privy-client-id',
      'privy-ca-id',
      'privy-client',
      'privy-retry-attempt',
      'privy-ui',
      'farcaster-channel-token',
      'authorization',
      'content-type',
    ])
      expect(corsAllowedHeaders).toContain(header)
    expect(response.headers['access-control-allow-methods']).toContain('POST')
  })

  test('behavior: preflight for an app path uses that app only', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/apps/${shopId}`,
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    })
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example')
    const otherApp = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/apps/${t.demoApp.id}`,
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    })
    expect(otherApp.statusCode).toBe(204)
    expect(otherApp.headers['access-control-allow-origin']).toBeUndefined()
  })

  test('error: preflight from an origin no app allows gets no CORS headers', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/passwordless/init',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
    expect(response.headers['access-control-allow-headers']).toBeUndefined()
  })

  test('behavior: requests without Origin (servers, curl) are served', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/init',
      appId: shopId,
      json: { email: 'server-side@example.com' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })
})
