import type { KeyObject } from 'node:crypto'
import { decodeProtectedHeader, errors, jwtVerify } from 'jose'

/** Longest lifetime of a CDP JWT Coinbase accepts here (`exp` − `nbf`), in seconds. */
const MAX_LIFETIME_SECONDS = 120
/** Clock skew allowed on `nbf` and `exp`, in seconds. */
const CLOCK_TOLERANCE_SECONDS = 5

/** Why a CDP JWT was refused. */
export type CdpJwtFailure =
  | 'missing_token'
  | 'malformed'
  | 'unknown_key'
  | 'algorithm_mismatch'
  | 'missing_nonce'
  | 'replayed_nonce'
  | 'bad_signature'
  | 'bad_claims'
  | 'expired'
  | 'not_yet_valid'
  | 'lifetime_too_long'
  | 'wrong_uri'

/** A registered key: its public half and algorithm, and the project it belongs to. */
export type RegisteredCdpKey = { publicKey: KeyObject; algorithm: 'Ed25519' | 'ES256'; projectId: string }

/**
 * Checks a CDP API-key JWT the way Coinbase's APIs do, in order, each with its own failure:
 * 1. a Bearer token is there (`missing_token`) and has a JOSE header (`malformed`);
 * 2. its `kid` names a registered key (`unknown_key`), whose algorithm the header's `alg` is (`EdDSA` for
 *    Ed25519, `ES256` for ECDSA; `algorithm_mismatch`);
 * 3. the header carries a `nonce` (`missing_nonce`) not seen before (`replayed_nonce`);
 * 4. the signature verifies with that key's public key (`bad_signature`);
 * 5. `iss` is `cdp` and `sub` is the key id (`bad_claims`);
 * 6. `exp` is in the future (`expired`), `nbf` in the past (`not_yet_valid`), and the token lives at most
 *    120 s (`lifetime_too_long`);
 * 7. `uri` (or one of `uris`) is exactly `'<METHOD> <host><path>'` of this request (`wrong_uri`).
 * On success returns the key and the token's header and claims.
 */
export async function verifyCdpJwt(parameters: {
  authorization: string | undefined
  keys: ReadonlyMap<string, RegisteredCdpKey>
  seenNonces: Set<string>
  method: string
  host: string
  path: string
  nowSeconds: number
}): Promise<
  | {
      ok: true
      keyId: string
      key: RegisteredCdpKey
      header: Record<string, unknown>
      claims: Record<string, unknown>
    }
  | { ok: false; failure: CdpJwtFailure }
> {
  const fail = (failure: CdpJwtFailure) => ({ ok: false as const, failure })
  const token = /^Bearer (\S+)$/.exec(parameters.authorization ?? '')?.[1]
  if (!token) return fail('missing_token')
  let header: Record<string, unknown>
  try {
    header = decodeProtectedHeader(token)
  } catch {
    return fail('malformed')
  }
  const keyId = typeof header.kid === 'string' ? header.kid : ''
  const key = parameters.keys.get(keyId)
  if (!key) return fail('unknown_key')
  const alg = key.algorithm === 'Ed25519' ? 'EdDSA' : 'ES256'
  if (header.alg !== alg) return fail('algorithm_mismatch')
  if (typeof header.nonce !== 'string' || header.nonce.length < 8) return fail('missing_nonce')
  let claims: Record<string, unknown>
  try {
    // Signature only here; the time claims are checked below against the stand-in's clock.
    const verified = await jwtVerify(token, key.publicKey, {
      algorithms: [alg],
      currentDate: new Date(parameters.nowSeconds * 1000),
      clockTolerance: Number.MAX_SAFE_INTEGER,
    })
    claims = verified.payload as Record<string, unknown>
  } catch (error) {
    return fail(error instanceof errors.JWSSignatureVerificationFailed ? 'bad_signature' : 'malformed')
  }
  if (parameters.seenNonces.has(header.nonce)) return fail('replayed_nonce')
  if (claims.iss !== 'cdp' || claims.sub !== keyId) return fail('bad_claims')
  const { exp, nbf } = claims
  if (typeof exp !== 'number' || typeof nbf !== 'number') return fail('bad_claims')
  if (exp + CLOCK_TOLERANCE_SECONDS <= parameters.nowSeconds) return fail('expired')
  if (nbf - CLOCK_TOLERANCE_SECONDS > parameters.nowSeconds) return fail('not_yet_valid')
  if (exp - nbf > MAX_LIFETIME_SECONDS) return fail('lifetime_too_long')
  const expected = `${parameters.method} ${parameters.host}${parameters.path}`
  const uris = [claims.uri, ...(Array.isArray(claims.uris) ? claims.uris : [])]
  if (!uris.includes(expected)) return fail('wrong_uri')
  parameters.seenNonces.add(header.nonce)
  return { ok: true, keyId, key, header, claims }
}
