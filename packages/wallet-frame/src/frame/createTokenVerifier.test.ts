import { describe, expect, test } from 'vitest'
import { createTestTokens } from '../test/createTestTokens'
import { createTokenVerifier } from './createTokenVerifier'

const appId = 'foyerdemoapp0000000000000'
const now = Date.UTC(2030, 0, 1)

describe('createTokenVerifier', () => {
  test('default: a valid ES256 access token of the app gives its subject; JWKS fetched once', async () => {
    const tokens = await createTestTokens(appId)
    let fetches = 0
    const verify = createTokenVerifier({
      appId,
      getJwks: async () => {
        fetches++
        return { keys: [tokens.jwk] }
      },
      now: () => now,
    })
    const token = await tokens.accessToken('did:foyer:alice', now)
    expect(await verify(token)).toEqual({
      subject: 'did:foyer:alice',
      expiresAt: Math.floor(now / 1000) + 3600,
    })
    await verify(token)
    await verify(await tokens.accessToken('did:foyer:bob', now))
    expect(fetches).toBe(1)
  })

  test('error: expired, other audience, identity token, other key, malformed → 4100', async () => {
    const tokens = await createTestTokens(appId)
    const stranger = await createTestTokens(appId)
    let clock = now
    const verify = createTokenVerifier({
      appId,
      getJwks: async () => ({ keys: [tokens.jwk] }),
      now: () => clock,
    })
    const seconds = Math.floor(now / 1000)
    const bad = [
      await tokens.sign({ sub: 'did:foyer:a', aud: appId, exp: seconds - 1 }),
      await tokens.sign({ sub: 'did:foyer:a', aud: 'otherapp00000000000000000', exp: seconds + 60 }),
      await tokens.sign({ sub: 'did:foyer:a', aud: appId, exp: seconds + 60 }, { typ: 'id+jwt' }),
      await tokens.sign({ sub: 'did:foyer:a', aud: appId, exp: seconds + 60 }, { alg: 'none' }),
      await stranger.accessToken('did:foyer:a', now),
      await tokens.sign({ aud: appId, exp: seconds + 60 }),
      'garbage',
      'a.b.c',
    ]
    for (const token of bad)
      await expect(verify(token), token).rejects.toMatchObject({
        message: 'Missing or invalid token',
        code: 4100,
      })
    // A memoized token still expires.
    const token = await tokens.accessToken('did:foyer:a', now, 10)
    await verify(token)
    clock += 11_000
    await expect(verify(token)).rejects.toMatchObject({ code: 4100 })
  })
})
