import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64urlnopad } from '@scure/base'

/** The multicodec prefix of an Ed25519 public key in a `did:key` (0xed, varint-encoded). */
const ED25519_MULTICODEC = Uint8Array.of(0xed, 0x01)

/** What a verified relay auth token says: `iss` is the client's id (`did:key:z6Mk…`). */
export type RelayAuthClaims = { iss: string; sub: string; aud: string; iat: number; exp: number }

/** Why a relay auth token was refused (the stand-in answers the WebSocket upgrade with 401 and this code). */
export class RelayAuthError extends Error {
  constructor(
    readonly code:
      | 'missing_auth'
      | 'malformed_auth'
      | 'unsupported_algorithm'
      | 'invalid_issuer'
      | 'invalid_signature'
      | 'wrong_audience'
      | 'expired_auth',
    message: string,
  ) {
    super(message)
    this.name = 'RelayAuthError'
  }
}

const decodeJson = (part: string): unknown =>
  JSON.parse(new TextDecoder().decode(base64urlnopad.decode(part)))

/**
 * The Ed25519 public key of a `did:key` identifier (W3C did:key method, Ed25519: `did:key:z` + base58btc of
 * `0xed 0x01 ‖ key`). Throws `RelayAuthError('invalid_issuer')` for anything else.
 */
export function ed25519KeyOfDid(did: string): Uint8Array {
  const prefix = 'did:key:z'
  if (!did.startsWith(prefix)) throw new RelayAuthError('invalid_issuer', 'iss is not a did:key')
  let bytes: Uint8Array
  try {
    bytes = base58.decode(did.slice(prefix.length))
  } catch {
    throw new RelayAuthError('invalid_issuer', 'iss is not base58btc')
  }
  if (bytes.length !== 34 || bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) {
    throw new RelayAuthError('invalid_issuer', 'iss is not an Ed25519 did:key')
  }
  return bytes.slice(2)
}

/**
 * Verifies a WalletConnect relay auth token (the `auth` query parameter of the relay's WebSocket URL): a
 * compact JWS (RFC 7515) with header `{ alg: 'EdDSA', typ: 'JWT' }` (RFC 8037), signed by the Ed25519 key of
 * its `iss` (`did:key:z6Mk…`), `aud` the relay URL the client dialled, `iat`/`exp` in seconds.
 *
 * @param token the `auth` value
 * @param audience the relay URL the token must name; `undefined` skips the audience check
 * @param now the current time, in ms
 * @returns the claims; throws `RelayAuthError` with a code otherwise
 */
export function verifyRelayAuth(
  token: string | null,
  audience: string | undefined,
  now = Date.now(),
): RelayAuthClaims {
  if (!token) throw new RelayAuthError('missing_auth', 'the auth query parameter is missing')
  const parts = token.split('.')
  if (parts.length !== 3) throw new RelayAuthError('malformed_auth', 'auth is not a compact JWS')
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  let header: { alg?: unknown; typ?: unknown }
  let claims: Partial<RelayAuthClaims>
  let signature: Uint8Array
  try {
    header = decodeJson(headerPart) as typeof header
    claims = decodeJson(payloadPart) as typeof claims
    signature = base64urlnopad.decode(signaturePart)
  } catch {
    throw new RelayAuthError('malformed_auth', 'auth is not base64url JSON')
  }
  if (header.alg !== 'EdDSA' || header.typ !== 'JWT') {
    throw new RelayAuthError('unsupported_algorithm', 'auth must be an EdDSA JWT')
  }
  if (typeof claims.iss !== 'string') throw new RelayAuthError('invalid_issuer', 'auth has no iss')
  const key = ed25519KeyOfDid(claims.iss)
  const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`)
  let valid = false
  try {
    valid = signature.length === 64 && ed25519.verify(signature, signed, key)
  } catch {
    valid = false
  }
  if (!valid) throw new RelayAuthError('invalid_signature', 'auth signature does not verify')
  if (audience !== undefined && claims.aud !== audience) {
    throw new RelayAuthError('wrong_audience', `auth aud is not ${audience}`)
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) {
    throw new RelayAuthError('expired_auth', 'auth has expired')
  }
  return claims as RelayAuthClaims
}
