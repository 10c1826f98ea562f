import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest'
import { appId, createKey, signToken, startJwksServer } from '../../test/tokenFixtures'
import { verifyAccessToken } from '../verify/verifyAccessToken'

afterEach(() => {
  vi.useRealTimers()
})

/** A JWKS server with one key; closes itself after the test. */
async function setup() {
  const [first, second, third] = await Promise.all([createKey('k1'), createKey('k2'), createKey('k3')])
  const server = await startJwksServer([first.publicJwk])
  onTestFinished(() => server.close())
  return { server, first, second, third }
}

describe('JWKS cache (docs/security.md properties 29, 31)', () => {
  test('default: fetched once, then served from the cache', async () => {
    const { server, first } = await setup()
    const source = { appId, jwksUrl: server.jwksUrl }
    for (let i = 0; i < 3; i++) await verifyAccessToken(await signToken(first), source)
    expect(server.hitsTo('/jwks.json')).toBe(1)
  })

  test('behavior: an unknown kid refetches (key rotation), at most once per cooldown', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now()
    const { server, first, second, third } = await setup()
    const source = { appId, jwksUrl: server.jwksUrl, cooldownMs: 30_000 }
    await verifyAccessToken(await signToken(first), source)
    expect(server.hitsTo('/jwks.json')).toBe(1)

    // The server rotates to k2 right after our fetch: within the cooldown the unknown kid is refused unfetched.
    server.state.keys = [first.publicJwk, second.publicJwk]
    const rotated = await signToken(second)
    await expect(verifyAccessToken(rotated, source)).rejects.toMatchObject({ code: 'unknown_key' })
    expect(server.hitsTo('/jwks.json')).toBe(1)

    // After the cooldown the unknown kid triggers one refetch, and the rotated key is accepted.
    vi.setSystemTime(start + 31_000)
    await expect(verifyAccessToken(rotated, source)).resolves.toMatchObject({ userId: 'did:foyer:user1' })
    expect(server.hitsTo('/jwks.json')).toBe(2)

    // A kid the server does not have: refused; the refetch just happened, so no new fetch (cooldown).
    await expect(verifyAccessToken(await signToken(third), source)).rejects.toMatchObject({
      code: 'unknown_key',
    })
    expect(server.hitsTo('/jwks.json')).toBe(2)
    // Known keys keep working from the cache meanwhile.
    await verifyAccessToken(await signToken(first), source)
    expect(server.hitsTo('/jwks.json')).toBe(2)
  })

  test('behavior: the cache expires after cacheMaxAgeMs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now()
    const { server, first } = await setup()
    const source = { appId, jwksUrl: server.jwksUrl, cacheMaxAgeMs: 60_000 }
    await verifyAccessToken(await signToken(first), source)
    vi.setSystemTime(start + 61_000)
    await verifyAccessToken(await signToken(first, { ttlSeconds: 3600 }), source)
    expect(server.hitsTo('/jwks.json')).toBe(2)
  })

  test('error: a JWKS server failure is jwks_unavailable, not a token verdict', async () => {
    const { server, first } = await setup()
    server.state.status = 500
    await expect(
      verifyAccessToken(await signToken(first), { appId, jwksUrl: server.jwksUrl }),
    ).rejects.toMatchObject({
      name: 'InvalidTokenError',
      code: 'jwks_unavailable',
    })
  })

  test('error: redirects are not followed (the JWKS URL is pinned)', async () => {
    const { server, first } = await setup()
    await expect(
      verifyAccessToken(await signToken(first), { appId, jwksUrl: `${server.origin}/redirect` }),
    ).rejects.toMatchObject({ code: 'jwks_unavailable' })
    expect(server.hitsTo('/jwks.json')).toBe(0)
  })
})
