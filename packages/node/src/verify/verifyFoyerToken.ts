import {
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
  type ProtectedHeaderParameters,
} from 'jose'
import { InvalidTokenError } from '../errors/InvalidTokenError'
import { resolveKeyGetter } from '../keys/resolveKeyGetter'
import type { VerificationKeySource } from '../keys/VerificationKeySource'
import type { VerifyTokenOptions } from './VerifyTokenOptions'

/** The only algorithm Foyer signs with (docs/api.md; RFC 8725 §3.1). */
const ALGORITHM = 'ES256'
const DEFAULT_ISSUER = 'foyer'

/** What each token type must carry. */
const tokenTypes = {
  access: { typ: 'JWT', claims: ['sub', 'sid', 'iat', 'exp'] },
  identity: { typ: 'id+jwt', claims: ['sub', 'iat', 'exp', 'linked_accounts'] },
} as const

/** A verified payload: the registered claims are present and typed. */
export type VerifiedPayload = JWTPayload & { sub: string; iss: string; aud: string; iat: number; exp: number }

/** The registered claims of a verified Foyer token (access or identity), as the verify functions name them. */
export type FoyerTokenClaims = {
  /** The user's id: the `sub` DID, e.g. `did:foyer:abc…`. */
  userId: string
  /** The app id (`aud`). */
  appId: string
  /** The issuer (`iss`). */
  issuer: string
  /** `iat`, Unix seconds. */
  issuedAt: number
  /** `exp`, Unix seconds. */
  expiresAt: number
}

/** The {@link FoyerTokenClaims} of a verified payload. */
export function foyerTokenClaims(payload: VerifiedPayload): FoyerTokenClaims {
  return {
    userId: payload.sub,
    appId: payload.aud,
    issuer: payload.iss,
    issuedAt: payload.iat,
    expiresAt: payload.exp,
  }
}

/**
 * Verifies a Foyer token of type `kind`, as a checklist — each check has one named failure
 * ({@link InvalidTokenError} `code`; docs/security.md properties 28–30):
 * 1. a compact JWS with a JSON header → else `malformed_token`;
 * 2. `alg` is ES256 — `none`, HS256 (a public key used as an HMAC secret) and all else refused → `invalid_algorithm`;
 * 3. no `crit` header: Foyer tokens use no extensions (RFC 7515 §4.1.11) → `unsupported_critical_header`;
 * 4. `typ` is the type asked for (`JWT` access, `id+jwt` identity; RFC 8725 §3.11) → `invalid_token_type`;
 * 5. the key comes from the configured source only — by `kid` within the pinned JWKS; `jku`, `x5u` and `jwk`
 *    headers are never read → `unknown_key` / `jwks_unavailable`;
 * 6. the signature verifies → `invalid_signature`;
 * 7. `iss` is exactly the issuer → `invalid_issuer`; `aud` is exactly the app id (a string, not an array) →
 *    `invalid_audience`;
 * 8. `exp` not passed → `token_expired`; `nbf` (if any) reached and the type's claims present and typed →
 *    `invalid_claims`.
 *
 * @internal
 */
export async function verifyFoyerToken(
  token: string,
  kind: keyof typeof tokenTypes,
  source: VerificationKeySource,
  options: VerifyTokenOptions = {},
): Promise<VerifiedPayload> {
  const expected = tokenTypes[kind]
  const issuer = options.issuer ?? DEFAULT_ISSUER

  // 1. Shape.
  if (typeof token !== 'string' || token.split('.').length !== 3)
    throw new InvalidTokenError('malformed_token', 'The token is not a compact JWS.')
  let header: ProtectedHeaderParameters
  try {
    header = decodeProtectedHeader(token)
  } catch (cause) {
    throw new InvalidTokenError('malformed_token', 'The token header is not valid JSON.', { cause })
  }
  // 2. Algorithm allow-list: exactly ES256.
  if (header.alg !== ALGORITHM)
    throw new InvalidTokenError(
      'invalid_algorithm',
      `The token algorithm ${String(header.alg)} is not allowed.`,
    )
  // 3. No critical extensions are understood.
  if (header.crit !== undefined)
    throw new InvalidTokenError('unsupported_critical_header', 'The token has critical header parameters.')
  // 4. Token type.
  if (normalizeTyp(header.typ) !== normalizeTyp(expected.typ))
    throw new InvalidTokenError('invalid_token_type', `Expected a ${kind} token (typ ${expected.typ}).`)

  // 5–8. Key from the configured source, signature, then claims.
  const key = await resolveKeyGetter(source)
  let payload: JWTPayload
  try {
    const verifyOptions = {
      algorithms: [ALGORITHM],
      typ: expected.typ,
      issuer,
      audience: source.appId,
      requiredClaims: [...expected.claims],
      clockTolerance: options.clockToleranceSeconds ?? 0,
      ...(options.currentDate ? { currentDate: options.currentDate } : {}),
    }
    payload =
      typeof key === 'function'
        ? (await jwtVerify(token, mapJwksErrors(key), verifyOptions)).payload
        : (await jwtVerify(token, key, verifyOptions)).payload
  } catch (error) {
    throw toInvalidTokenError(error)
  }
  if (payload.aud !== source.appId)
    throw new InvalidTokenError('invalid_audience', 'The token audience is not exactly this app.')
  for (const claim of ['sub', 'iss', 'sid', 'linked_accounts'] as const) {
    if ((expected.claims as readonly string[]).includes(claim) && typeof payload[claim] !== 'string')
      throw new InvalidTokenError('invalid_claims', `The token claim ${claim} must be a string.`)
  }
  if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number')
    throw new InvalidTokenError('invalid_claims', 'The token claims iat and exp must be numbers.')
  return payload as VerifiedPayload
}

/** `typ` compared as a media type: case-insensitive, `application/` optional (RFC 7515 §4.1.9). */
function normalizeTyp(typ: unknown): string | null {
  if (typeof typ !== 'string') return null
  const lower = typ.toLowerCase()
  return lower.startsWith('application/') ? lower.slice('application/'.length) : lower
}

/** Turns the JWKS getter's failures into named ones: no such `kid` vs. no key set at all. */
function mapJwksErrors(getKey: JWTVerifyGetKey): JWTVerifyGetKey {
  return async (header, token) => {
    try {
      return await getKey(header, token)
    } catch (cause) {
      if (cause instanceof errors.JWKSNoMatchingKey || cause instanceof errors.JWKSMultipleMatchingKeys)
        throw new InvalidTokenError('unknown_key', 'The token kid names no key of the app JWKS.', { cause })
      throw new InvalidTokenError('jwks_unavailable', 'The app JWKS could not be fetched.', { cause })
    }
  }
}

function toInvalidTokenError(error: unknown): InvalidTokenError {
  if (error instanceof InvalidTokenError) return error
  const options = { cause: error }
  if (error instanceof errors.JWTExpired)
    return new InvalidTokenError('token_expired', 'The token has expired.', options)
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss')
      return new InvalidTokenError('invalid_issuer', 'The token issuer is not expected.', options)
    if (error.claim === 'aud')
      return new InvalidTokenError('invalid_audience', 'The token audience is not this app.', options)
    if (error.claim === 'typ')
      return new InvalidTokenError('invalid_token_type', 'The token type is not expected.', options)
    return new InvalidTokenError('invalid_claims', `The token claim ${error.claim} is invalid.`, options)
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return new InvalidTokenError('invalid_signature', 'The token signature does not verify.', options)
  if (error instanceof errors.JOSEAlgNotAllowed)
    return new InvalidTokenError('invalid_algorithm', 'The token algorithm is not allowed.', options)
  if (error instanceof errors.JWKSNoMatchingKey)
    return new InvalidTokenError('unknown_key', 'The token kid names no configured key.', options)
  return new InvalidTokenError('malformed_token', 'The token could not be verified.', options)
}
