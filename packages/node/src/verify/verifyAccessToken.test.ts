import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  appId,
  base64UrlJson,
  createKey,
  signToken,
  startJwksServer,
  type TestKey,
} from '../../test/tokenFixtures'
import { InvalidTokenError } from '../errors/InvalidTokenError'
import { verifyAccessToken } from './verifyAccessToken'

let key: TestKey
let attacker: TestKey
let jwks: Awaited<ReturnType<typeof startJwksServer>>
let attackerServer: Awaited<ReturnType<typeof startJwksServer>>

beforeAll(async () => {
  ;[key, attacker] = await Promise.all([createKey('key-1'), createKey('attacker-key')])
  ;[jwks, attackerServer] = await Promise.all([
    startJwksServer([key.publicJwk]),
    startJwksServer([attacker.publicJwk]),
  ])
})
afterAll(async () => {
  await Promise.all([jwks?.close(), attackerServer?.close()])
})

/** Both key sources of the app: the PEM from the app config, and the JWKS URL (built once keys exist). */
const kinds = ['verificationKey', 'jwksUrl'] as const
function sourceOf(kind: (typeof kinds)[number]) {
  return kind === 'verificationKey'
    ? { appId, verificationKey: key.publicPem }
    : { appId, jwksUrl: jwks.jwksUrl }
}

/** The failure's code; fails the test when verification succeeds. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => {
      throw new Error('expected the token to be refused')
    },
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(InvalidTokenError)
  return (error as InvalidTokenError).code
}

describe('verifyAccessToken', () => {
  test.each(kinds)('default: a valid access token gives its claims (%s)', async (kind) => {
    const source = sourceOf(kind)
    const token = await signToken(key)
    const claims = await verifyAccessToken(token, source)
    expect(claims).toEqual({
      userId: 'did:foyer:user1',
      sessionId: 'session1',
      appId,
      issuer: 'foyer',
      issuedAt: expect.any(Number),
      expiresAt: claims.issuedAt + 3600,
    })
  })

  test('behavior: a CryptoKey works as the verification key', async () => {
    const claims = await verifyAccessToken(await signToken(key), { appId, verificationKey: key.publicKey })
    expect(claims.userId).toBe('did:foyer:user1')
  })

  describe('security property 28 algorithm allow-list', () => {
    test.each(kinds)('error: alg none is refused (%s)', async (kind) => {
      const source = sourceOf(kind)
      const now = Math.floor(Date.now() / 1000)
      const token = `${base64UrlJson({ alg: 'none', typ: 'JWT' })}.${base64UrlJson({
        sub: 'did:foyer:user1',
        sid: 's',
        iss: 'foyer',
        aud: appId,
        iat: now,
        exp: now + 60,
      })}.`
      expect(await refusal(verifyAccessToken(token, source))).toBe('invalid_algorithm')
    })

    test.each(kinds)('error: HS256 signed with the public key is refused (%s)', async (kind) => {
      const source = sourceOf(kind)
      const secrets = [key.publicPem, JSON.stringify(key.publicJwk)]
      for (const secret of secrets) {
        const token = await new SignJWT({ sid: 'session1' })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: key.kid })
          .setSubject('did:foyer:user1')
          .setIssuer('foyer')
          .setAudience(appId)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(secret))
        expect(await refusal(verifyAccessToken(token, source))).toBe('invalid_algorithm')
      }
    })

    test.each(kinds)(
      'error: an unknown crit header is refused, though the signature is good (%s)',
      async (kind) => {
        const source = sourceOf(kind)
        const token = await signToken(key, {
          header: { crit: ['urn:example:ext'], 'urn:example:ext': true },
          signOptions: { crit: { 'urn:example:ext': true } },
        })
        expect(await refusal(verifyAccessToken(token, source))).toBe('unsupported_critical_header')
      },
    )

    test('error: ES384 and RS256 are refused too', async () => {
      const token = await signToken(key)
      const [, payload, signature] = token.split('.')
      for (const alg of ['ES384', 'RS256', 'EdDSA']) {
        const forged = `${base64UrlJson({ alg, typ: 'JWT', kid: key.kid })}.${payload}.${signature}`
        expect(await refusal(verifyAccessToken(forged, { appId, verificationKey: key.publicPem }))).toBe(
          'invalid_algorithm',
        )
      }
    })
  })

  describe('security property 29 keys only from the configured set', () => {
    test.each(kinds)('error: jku, x5u and jwk headers are ignored (%s)', async (kind) => {
      const source = sourceOf(kind)
      const before = attackerServer.totalHits()
      const token = await signToken(attacker, {
        header: {
          jwk: attacker.publicJwk,
          jku: `${attackerServer.origin}/jwks.json`,
          x5u: `${attackerServer.origin}/cert.pem`,
        },
      })
      const code = await refusal(verifyAccessToken(token, source))
      expect(code).toBe(kind === 'verificationKey' ? 'invalid_signature' : 'unknown_key')
      expect(attackerServer.totalHits()).toBe(before) // never fetched
    })

    test('error: an embedded jwk with the app key kid still verifies against the configured key only', async () => {
      const token = await signToken(attacker, { header: { kid: key.kid, jwk: attacker.publicJwk } })
      expect(await refusal(verifyAccessToken(token, { appId, jwksUrl: jwks.jwksUrl }))).toBe(
        'invalid_signature',
      )
    })

    test('error: a kid outside the configured JWKS is refused', async () => {
      const token = await signToken(attacker)
      expect(await refusal(verifyAccessToken(token, { appId, jwksUrl: jwks.jwksUrl }))).toBe('unknown_key')
    })

    test('error: a tampered payload fails the signature', async () => {
      const token = await signToken(key)
      const [header, , signature] = token.split('.')
      const now = Math.floor(Date.now() / 1000)
      const forged = `${header}.${base64UrlJson({ sub: 'did:foyer:admin', sid: 's', iss: 'foyer', aud: appId, iat: now, exp: now + 60 })}.${signature}`
      expect(await refusal(verifyAccessToken(forged, { appId, verificationKey: key.publicPem }))).toBe(
        'invalid_signature',
      )
    })
  })

  describe('security property 30 exact iss, aud and token type', () => {
    const source = () => ({ appId, verificationKey: key.publicPem })

    test('error: another issuer is refused; a configured issuer is required exactly', async () => {
      expect(
        await refusal(verifyAccessToken(await signToken(key, { claims: { iss: 'evil' } }), source())),
      ).toBe('invalid_issuer')
      const custom = await signToken(key, { claims: { iss: 'https://auth.example.com' } })
      expect((await verifyAccessToken(custom, source(), { issuer: 'https://auth.example.com' })).issuer).toBe(
        'https://auth.example.com',
      )
      expect(
        await refusal(
          verifyAccessToken(await signToken(key), source(), { issuer: 'https://auth.example.com' }),
        ),
      ).toBe('invalid_issuer')
    })

    test('error: another app (aud) is refused, and so is an aud array that contains this app', async () => {
      const other = await signToken(key, { claims: { aud: 'otherapp00000000000000000' } })
      expect(await refusal(verifyAccessToken(other, source()))).toBe('invalid_audience')
      const array = await signToken(key, { claims: { aud: [appId, 'otherapp00000000000000000'] } })
      expect(await refusal(verifyAccessToken(array, source()))).toBe('invalid_audience')
    })

    test('error: an identity token is refused where an access token is expected', async () => {
      const identity = await signToken(key, { kind: 'identity' })
      expect(await refusal(verifyAccessToken(identity, source()))).toBe('invalid_token_type')
    })

    test('error: a token without typ is refused', async () => {
      const token = await signToken(key, { header: { typ: undefined } })
      expect(await refusal(verifyAccessToken(token, source()))).toBe('invalid_token_type')
    })
  })

  describe('lifetime and claims', () => {
    const source = () => ({ appId, verificationKey: key.publicPem })

    test('error: an expired token is refused (security property 17)', async () => {
      const token = await signToken(key, { ttlSeconds: -1 })
      expect(await refusal(verifyAccessToken(token, source()))).toBe('token_expired')
    })

    test('behavior: currentDate and clockToleranceSeconds', async () => {
      const token = await signToken(key, { ttlSeconds: 60 })
      const later = new Date(Date.now() + 90_000)
      expect(await refusal(verifyAccessToken(token, source(), { currentDate: later }))).toBe('token_expired')
      await expect(
        verifyAccessToken(token, source(), { currentDate: later, clockToleranceSeconds: 60 }),
      ).resolves.toMatchObject({ userId: 'did:foyer:user1' })
    })

    test('error: a token without sid is refused', async () => {
      const token = await signToken(key, { claims: { sid: undefined } })
      expect(await refusal(verifyAccessToken(token, source()))).toBe('invalid_claims')
    })

    test('error: a token not yet valid (nbf) is refused', async () => {
      const token = await signToken(key, { claims: { nbf: Math.floor(Date.now() / 1000) + 600 } })
      expect(await refusal(verifyAccessToken(token, source()))).toBe('invalid_claims')
    })

    test.each(['', 'abc', 'a.b', 'a.b.c', '...'])('error: %j is malformed', async (token) => {
      expect(await refusal(verifyAccessToken(token, source()))).toBe('malformed_token')
    })
  })
})
