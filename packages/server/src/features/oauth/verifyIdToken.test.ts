import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'
import { beforeAll, describe, expect, test } from 'vitest'
import { IdTokenError, verifyIdToken } from './verifyIdToken'

const ISSUER = 'https://accounts.google.com'
const CLIENT_ID = 'client-123'
const NONCE = 'nonce-abc'
const NOW = Date.UTC(2030, 0, 1)
const nowS = Math.floor(NOW / 1000)

let keys: ReturnType<typeof createLocalJWKSet>
let providerKey: CryptoKey
let strangerKey: CryptoKey

beforeAll(async () => {
  const pair = await generateKeyPair('ES256')
  providerKey = pair.privateKey
  strangerKey = (await generateKeyPair('ES256')).privateKey
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' }] })
})

function sign(claims: JWTPayload, key: CryptoKey = providerKey) {
  return new SignJWT({ nonce: NONCE, email: 'ada@example.com', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setIssuer(typeof claims.iss === 'string' ? claims.iss : ISSUER)
    .setAudience(claims.aud ?? CLIENT_ID)
    .setSubject(typeof claims.sub === 'string' ? claims.sub : '1001')
    .setIssuedAt(typeof claims.iat === 'number' ? claims.iat : nowS)
    .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : nowS + 3600)
    .sign(key)
}

async function reason(token: string): Promise<string> {
  try {
    await verifyIdToken(token, { keys, issuer: ISSUER, clientId: CLIENT_ID, nonce: NONCE, now: NOW })
  } catch (error) {
    expect(error).toBeInstanceOf(IdTokenError)
    return (error as IdTokenError).reason
  }
  return 'accepted'
}

describe('verifyIdToken (docs/security.md property 35)', () => {
  test('default', async () => {
    const claims = await verifyIdToken(await sign({}), {
      keys,
      issuer: ISSUER,
      clientId: CLIENT_ID,
      nonce: NONCE,
      now: NOW,
    })
    expect(claims.sub).toBe('1001')
    expect(claims.email).toBe('ada@example.com')
  })

  test('error: nonce of another flow', async () => {
    expect(await reason(await sign({ nonce: 'other' }))).toBe('nonce')
  })

  test('error: no nonce', async () => {
    expect(await reason(await sign({ nonce: undefined }))).toBe('nonce')
  })

  test('error: audience is another client', async () => {
    expect(await reason(await sign({ aud: 'someone-else' }))).toBe('audience')
  })

  test('error: several audiences and azp not us', async () => {
    expect(await reason(await sign({ aud: [CLIENT_ID, 'other'], azp: 'other' }))).toBe('audience')
  })

  test('behavior: several audiences with azp us', async () => {
    expect(await reason(await sign({ aud: [CLIENT_ID, 'other'], azp: CLIENT_ID }))).toBe('accepted')
  })

  test('error: issuer differs', async () => {
    expect(await reason(await sign({ iss: 'https://accounts.google.com.evil' }))).toBe('issuer')
  })

  test('error: expired', async () => {
    expect(await reason(await sign({ iat: nowS - 7200, exp: nowS - 3600 }))).toBe('expired')
  })

  test('error: issued in the future', async () => {
    expect(await reason(await sign({ iat: nowS + 3600, exp: nowS + 7200 }))).toBe('expired')
  })

  test('error: signed by another key', async () => {
    expect(await reason(await sign({}, strangerKey))).toBe('signature')
  })

  test('error: alg none', async () => {
    const [, payload] = (await sign({})).split('.')
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    expect(await reason(`${header}.${payload}.`)).toBe('signature')
  })

  test('error: HS256 with a guessable secret', async () => {
    const token = await new SignJWT({ nonce: NONCE })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setSubject('1001')
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + 60)
      .sign(new TextEncoder().encode('k1'))
    expect(await reason(token)).toBe('signature')
  })

  test('error: not a JWT', async () => {
    expect(await reason('not.a.jwt')).toBe('malformed')
  })
})
