import { errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose'

/**
 * Signature algorithms accepted on id_tokens: asymmetric only (no `none`, no HMAC; docs/security.md property
 * 28).
 */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'] as const
/** Clock tolerance on `exp`/`iat`/`nbf`, in seconds. */
export const ID_TOKEN_CLOCK_TOLERANCE_SECONDS = 60

/** Why an id_token was refused: one reason per check of {@link verifyIdToken}. */
export type IdTokenFailure =
  | 'malformed'
  | 'signature'
  | 'issuer'
  | 'audience'
  | 'expired'
  | 'nonce'
  | 'subject'

/** An id_token that failed a check of {@link verifyIdToken}; `reason` names the check. */
export class IdTokenError extends Error {
  override name = 'IdTokenError'
  readonly reason: IdTokenFailure
  constructor(reason: IdTokenFailure, message: string) {
    super(message)
    this.reason = reason
  }
}

export type VerifyIdTokenParameters = {
  /** The provider's signing keys (jose `createRemoteJWKSet` of its JWKS URL). */
  keys: JWTVerifyGetKey
  /** The provider's exact issuer (`https://accounts.google.com`). */
  issuer: string
  /** Our client id at the provider: must be an audience (and `azp` when there are several). */
  clientId: string
  /** The nonce sent in the authorization request. */
  nonce: string
  /** Current time, ms since epoch. */
  now: number
}

/** The id_token claims Foyer reads (OpenID Connect Core §2; Apple sends `email_verified` as a string). */
export type IdTokenClaims = JWTPayload & {
  sub: string
  email?: unknown
  email_verified?: unknown
  name?: unknown
}

/**
 * Verifies an OpenID Connect id_token (OpenID Connect Core §3.1.3.7; docs/security.md property 35), as a
 * checklist:
 * 1. a compact JWS signed with an asymmetric algorithm ({@link ID_TOKEN_ALGORITHMS}) by a key of the
 *    provider's JWKS → else 'signature' (or 'malformed');
 * 2. `iss` equals the provider's issuer exactly → else 'issuer';
 * 3. `aud` contains our client id, and with several audiences `azp` is our client id → else 'audience';
 * 4. `exp` is in the future and `iat` not in the future (60 s tolerance) → else 'expired';
 * 5. `nonce` equals the flow's nonce → else 'nonce';
 * 6. `sub` is a non-empty string → else 'subject'.
 * Throws {@link IdTokenError}; returns the claims.
 *
 * @example const claims = await verifyIdToken(idToken, { keys, issuer, clientId, nonce, now: Date.now() })
 */
export async function verifyIdToken(
  idToken: string,
  parameters: VerifyIdTokenParameters,
): Promise<IdTokenClaims> {
  let payload: JWTPayload
  try {
    // 1–4: signature, issuer, audience, times (jose checks each and names the failed claim).
    ;({ payload } = await jwtVerify(idToken, parameters.keys, {
      algorithms: [...ID_TOKEN_ALGORITHMS],
      issuer: parameters.issuer,
      audience: parameters.clientId,
      currentDate: new Date(parameters.now),
      clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['iss', 'aud', 'exp', 'iat', 'sub'],
    }))
  } catch (error) {
    throw toIdTokenError(error)
  }
  // 3. With several audiences, the authorized party must be us (OpenID Connect Core §3.1.3.7 items 4–5).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== parameters.clientId)
    throw new IdTokenError('audience', 'id_token azp is not our client id')
  if (
    typeof payload.iat === 'number' &&
    payload.iat * 1000 > parameters.now + ID_TOKEN_CLOCK_TOLERANCE_SECONDS * 1000
  )
    throw new IdTokenError('expired', 'id_token issued in the future')
  // 5. The nonce binds the token to this flow (replay of another flow's token).
  if (payload.nonce !== parameters.nonce) throw new IdTokenError('nonce', 'id_token nonce does not match')
  // 6. The provider's user id.
  if (typeof payload.sub !== 'string' || payload.sub === '')
    throw new IdTokenError('subject', 'id_token has no subject')
  return payload as IdTokenClaims
}

function toIdTokenError(error: unknown): IdTokenError {
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return new IdTokenError('issuer', 'id_token issuer does not match')
    if (error.claim === 'aud') return new IdTokenError('audience', 'id_token audience is not our client id')
    if (error.claim === 'sub') return new IdTokenError('subject', 'id_token has no subject')
    if (error.claim === 'iat' || error.claim === 'nbf')
      return new IdTokenError('expired', `id_token ${error.claim} check failed`)
    return new IdTokenError('malformed', `id_token ${error.claim} check failed`)
  }
  if (error instanceof errors.JWTExpired) return new IdTokenError('expired', 'id_token has expired')
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JOSEAlgNotAllowed
  )
    return new IdTokenError('signature', 'id_token signature is not the provider’s')
  return new IdTokenError('malformed', `id_token rejected: ${(error as Error).message ?? 'invalid'}`)
}
