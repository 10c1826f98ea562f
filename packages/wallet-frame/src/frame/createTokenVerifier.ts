import { rpcErrorCodes } from '@foyer/protocol'
import { base64urlnopad } from '@scure/base'
import { FrameRequestError } from '../errors/FrameRequestError'
import type { FrameJwk } from './FrameApi'

/** What a verified access token tells the frame: the user DID and expiry (Unix seconds). */
export type VerifiedToken = { subject: string; expiresAt: number }

export type CreateTokenVerifierParameters = {
  appId: string
  getJwks(): Promise<{ keys: FrameJwk[] }>
  /** ms since epoch; default Date.now. */
  now?: () => number
}

const invalidToken = () =>
  new FrameRequestError('error', 'Missing or invalid token', { code: rpcErrorCodes.unauthorized })

function base64UrlToBytes(value: string): Uint8Array {
  try {
    return base64urlnopad.decode(value)
  } catch {
    throw invalidToken()
  }
}

function decodeJson(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(base64UrlToBytes(part)))
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>
  } catch {}
  throw invalidToken()
}

/**
 * The frame's own session check (docs/security.md): verifies an access token locally — ES256 signature with
 * the app's JWKS (WebCrypto; keys fetched once, refetched on an unknown `kid`), `typ` 'JWT', `aud` = app id,
 * `exp` in the future, a `sub` — and memoizes good tokens until they expire. Throws
 * `FrameRequestError('error', 'Missing or invalid token', code 4100)` otherwise.
 *
 * @example const { subject } = await createTokenVerifier({ appId, getJwks: api.getJwks })(token)
 */
export function createTokenVerifier(
  parameters: CreateTokenVerifierParameters,
): (token: string) => Promise<VerifiedToken> {
  const now = parameters.now ?? Date.now
  const verified = new Map<string, VerifiedToken>()
  let keys: Promise<Map<string, CryptoKey>> | undefined

  async function loadKeys(): Promise<Map<string, CryptoKey>> {
    const jwks = await parameters.getJwks()
    const map = new Map<string, CryptoKey>()
    for (const jwk of jwks.keys) {
      const key = await crypto.subtle.importKey(
        'jwk',
        { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
        { name: 'ECDSA', namedCurve: 'P-256' },
        false,
        ['verify'],
      )
      map.set(jwk.kid, key)
    }
    return map
  }
  async function keyFor(kid: string): Promise<CryptoKey> {
    keys ??= loadKeys().catch((error) => {
      keys = undefined
      throw error
    })
    let key = (await keys).get(kid)
    if (!key) {
      keys = loadKeys()
      key = (await keys).get(kid)
    }
    if (!key) throw invalidToken()
    return key
  }

  return async (token) => {
    const nowSeconds = Math.floor(now() / 1000)
    const hit = verified.get(token)
    if (hit) {
      if (hit.expiresAt > nowSeconds) return hit
      verified.delete(token)
      throw invalidToken()
    }
    const parts = token.split('.')
    if (parts.length !== 3) throw invalidToken()
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
    const header = decodeJson(headerPart)
    // RFC 8725 §3.1 / §3.11: only ES256 access tokens, never identity tokens (typ id+jwt).
    if (header.alg !== 'ES256' || header.typ !== 'JWT' || typeof header.kid !== 'string') throw invalidToken()
    const key = await keyFor(header.kid).catch(() => {
      throw invalidToken()
    })
    const signature = base64UrlToBytes(signaturePart)
    const good = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      signature as Uint8Array<ArrayBuffer>,
      new TextEncoder().encode(`${headerPart}.${payloadPart}`),
    )
    if (!good) throw invalidToken()
    const claims = decodeJson(payloadPart)
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
    if (!audience.includes(parameters.appId)) throw invalidToken()
    if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) throw invalidToken()
    if (typeof claims.sub !== 'string' || !claims.sub) throw invalidToken()
    const result = { subject: claims.sub, expiresAt: claims.exp }
    if (verified.size > 50) verified.clear()
    verified.set(token, result)
    return result
  }
}
