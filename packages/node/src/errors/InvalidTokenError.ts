/**
 * Why a token was refused; one code per check of the verifier (docs/conventions.md "Verifiers are lists of
 * checks").
 */
export type InvalidTokenErrorCode =
  /** Not a compact JWS with a JSON header and payload. */
  | 'malformed_token'
  /**
   * `alg` is not ES256 (e.g. `none`, or HS256 "signed" with the public key; docs/security.md property 28).
   */
  | 'invalid_algorithm'
  /**
   * The header has a `crit` parameter; Foyer tokens use no extensions (RFC 7515 §4.1.11; docs/security.md
   * property 28).
   */
  | 'unsupported_critical_header'
  /** `typ` is not the expected token type: an identity token where an access token is expected, or the reverse (security property 30). */
  | 'invalid_token_type'
  /** The `kid` names no key of the configured set (security property 29). */
  | 'unknown_key'
  /** The signature does not verify with the configured key. */
  | 'invalid_signature'
  /** `iss` is not exactly the expected issuer (security property 30). */
  | 'invalid_issuer'
  /** `aud` is not exactly the app id (security property 30). */
  | 'invalid_audience'
  /** `exp` has passed. */
  | 'token_expired'
  /** A required claim is missing or has the wrong type (`sub`, `sid`, `iat`, `exp`, `linked_accounts`), or `iat`/`nbf` lies in the future. */
  | 'invalid_claims'
  /** The JWKS could not be fetched or parsed (network, timeout, non-200, bad JSON). Not the token's fault. */
  | 'jwks_unavailable'

/**
 * A Foyer token failed verification. `code` says which check failed; `cause` holds the underlying jose
 * error where there is one. Answer 401 for every code but `'jwks_unavailable'` (503: retry later).
 *
 * @example
 * try {
 *   const { userId } = await verifyAccessToken(token, { appId, jwksUrl })
 * } catch (error) {
 *   if (error instanceof InvalidTokenError) return reply.code(401).send({ error: error.message, code: error.code })
 *   throw error
 * }
 */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError'
  /** Stable code of the failed check. */
  readonly code: InvalidTokenErrorCode
  /** One-line human-readable summary (same as `message`). */
  readonly shortMessage: string

  constructor(code: InvalidTokenErrorCode, shortMessage: string, options: { cause?: unknown } = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.shortMessage = shortMessage
  }
}
