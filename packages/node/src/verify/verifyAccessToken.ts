import type { VerificationKeySource } from '../keys/VerificationKeySource'
import type { VerifyTokenOptions } from './VerifyTokenOptions'
import { type FoyerTokenClaims, foyerTokenClaims, verifyFoyerToken } from './verifyFoyerToken'

/** The claims of a verified access token. Times in Unix seconds. */
export type VerifyAccessTokenReturnType = FoyerTokenClaims & {
  /** The session the token belongs to (`sid`). A back end that must honour logout at once checks it is live. */
  sessionId: string
}

/**
 * Verifies a Foyer access token on a host back end — from the `privy-token` cookie or an
 * `Authorization: Bearer` header — and returns its claims. The checks, in order (docs/security.md properties
 * 28–30): ES256 only (`none` and HS256-with-the-public-key refused), no `crit`, `typ` `JWT` (an identity
 * token is refused), key from the configured source only (by `kid` in the pinned JWKS; `jku`/`x5u`/`jwk`
 * ignored), signature, exact `iss` and `aud`, not expired, `sub`/`sid`/`iat`/`exp` present.
 *
 * With `jwksUrl` the key set is cached per URL in the process (10 min by default) and refetched when a
 * token's `kid` is unknown — a key rotation — at most once per cooldown (30 s by default).
 *
 * @param token - The compact JWS.
 * @param source - `{ appId, verificationKey }` (SPKI PEM from the app config, a `CryptoKey` or a `KeyObject`)
 *   or `{ appId, jwksUrl, cacheMaxAgeMs?, cooldownMs?, timeoutMs? }`
 *   (`${apiUrl}/api/v1/apps/${appId}/jwks.json`).
 * @param options - `{ issuer?: string (default 'foyer'), currentDate?: Date, clockToleranceSeconds?: number (default 0) }`.
 * @returns `{ userId, sessionId, appId, issuer, issuedAt, expiresAt }`.
 * @throws {InvalidTokenError} with the `code` of the failed check (`invalid_algorithm`, `token_expired`,
 *   `invalid_token_type`, …; `jwks_unavailable` when the key set cannot be fetched).
 * @example
 * const claims = await verifyAccessToken(token, {
 *   appId: 'foyerdemoapp0000000000000',
 *   jwksUrl: 'http://127.0.0.1:8787/api/v1/apps/foyerdemoapp0000000000000/jwks.json',
 * })
 * claims.userId // 'did:foyer:…'
 */
export async function verifyAccessToken(
  token: string,
  source: VerificationKeySource,
  options?: VerifyTokenOptions,
): Promise<VerifyAccessTokenReturnType> {
  const payload = await verifyFoyerToken(token, 'access', source, options)
  return { ...foyerTokenClaims(payload), sessionId: payload.sid as string }
}
