import { createPrivateKey, type KeyObject, randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'

/** Lifetime of one CDP request JWT, in seconds (Coinbase's SDKs: 120 s). */
export const CDP_JWT_TTL_SECONDS = 120

/** Parameters of {@link signCdpJwt}. */
export type SignCdpJwtParameters = {
  /** The CDP Secret API key's id (`kid` and `sub`): a UUID or `organizations/…/apiKeys/…`. */
  apiKeyId: string
  /**
   * The key's secret: an Ed25519 key as base64 of 64 bytes (32-byte seed then 32-byte public key, CDP's
   * format) or an ECDSA P-256 key as PEM (SEC1 `EC PRIVATE KEY` or PKCS #8).
   */
  apiKeySecret: string
  /** The request's HTTP method, e.g. `'POST'`. */
  method: 'GET' | 'POST'
  /** The request's URL; its host (with any port) and path make the `uri` claim. */
  url: string
  /** Current time in ms since epoch. */
  now: number
}

/** Whether `secret` is CDP's Ed25519 format: base64 of exactly 64 bytes. */
function ed25519Seed(secret: string): { seed: Buffer; publicKey: Buffer } | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(secret.trim())) return null
  const bytes = Buffer.from(secret.trim(), 'base64')
  return bytes.length === 64 ? { seed: bytes.subarray(0, 32), publicKey: bytes.subarray(32) } : null
}

/** The signing key and JWS algorithm of a CDP key secret; throws `Error` for anything else. */
function signingKey(secret: string): { key: KeyObject; alg: 'EdDSA' | 'ES256' } {
  const ed25519 = ed25519Seed(secret)
  if (ed25519)
    return {
      alg: 'EdDSA',
      key: createPrivateKey({
        format: 'jwk',
        key: {
          kty: 'OKP',
          crv: 'Ed25519',
          d: ed25519.seed.toString('base64url'),
          x: ed25519.publicKey.toString('base64url'),
        },
      }),
    }
  const key = createPrivateKey(secret)
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('A CDP API key secret is an Ed25519 key (base64) or an ECDSA P-256 key (PEM)')
  return { alg: 'ES256', key }
}

/**
 * The Bearer JWT of one call to a Coinbase Developer Platform API with a CDP Secret API key (Coinbase's
 * "CDP API key JWT authentication"): header `{ alg: 'EdDSA' | 'ES256', kid: apiKeyId, typ: 'JWT', nonce }`
 * (16 random bytes, hex), claims `iss: 'cdp'`, `sub: apiKeyId`, `nbf` = `iat` = now and `exp` = now +
 * {@link CDP_JWT_TTL_SECONDS} (Unix seconds), and `uri: '<METHOD> <host><path>'`, which binds the token to
 * this one request.
 *
 * @throws {Error} when the secret is neither key format (the caller answers `not_supported`).
 * @example
 * const jwt = await signCdpJwt({ apiKeyId, apiKeySecret, method: 'POST',
 *   url: 'https://api.developer.coinbase.com/onramp/v1/token', now: Date.now() })
 */
export async function signCdpJwt(parameters: SignCdpJwtParameters): Promise<string> {
  const { key, alg } = signingKey(parameters.apiKeySecret)
  const url = new URL(parameters.url)
  const nowSeconds = Math.floor(parameters.now / 1000)
  return new SignJWT({ uri: `${parameters.method} ${url.host}${url.pathname}` })
    .setProtectedHeader({
      alg,
      kid: parameters.apiKeyId,
      typ: 'JWT',
      nonce: randomBytes(16).toString('hex'),
    })
    .setIssuer('cdp')
    .setSubject(parameters.apiKeyId)
    .setIssuedAt(nowSeconds)
    .setNotBefore(nowSeconds)
    .setExpirationTime(nowSeconds + CDP_JWT_TTL_SECONDS)
    .sign(key)
}
