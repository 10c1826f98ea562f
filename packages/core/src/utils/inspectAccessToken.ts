import { ACCESS_TOKEN_EXPIRY_SKEW_MS } from '@foyer/protocol'
import { decodeJwtPayload } from './decodeJwtPayload'

/** What the client reads from an access token, unverified (the signature is the host back end's business). */
export type AccessTokenInfo = {
  /** `exp`, in Unix seconds. */
  expiresAt: number
  /** The app ids the token names: its `aid` claim, else its `aud` (string or array); `null` when it names none. */
  appIds: readonly string[] | null
  /** `sub`: the user's DID, or `null`. */
  subject: string | null
  /** Whether it counts as expired now: `exp` within `ACCESS_TOKEN_EXPIRY_SKEW_MS` (30 s; docs/limits.md). */
  expiring: boolean
}

/**
 * Reads `exp` and the app id of an access token without verifying it (docs/sessions.md "Getting an access
 * token").
 *
 * @param token - A compact JWS.
 * @returns The token's info, or `null` when it cannot be parsed (not a JWT, or no numeric `exp`).
 * @internal
 */
export function inspectAccessToken(token: string): AccessTokenInfo | null {
  const claims = decodeJwtPayload(token)
  if (!claims || typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null
  const named = typeof claims.aid === 'string' ? claims.aid : claims.aud
  const appIds =
    typeof named === 'string'
      ? [named]
      : Array.isArray(named)
        ? named.filter((value): value is string => typeof value === 'string')
        : null
  return {
    expiresAt: claims.exp,
    appIds,
    subject: typeof claims.sub === 'string' ? claims.sub : null,
    expiring: claims.exp * 1000 - Date.now() <= ACCESS_TOKEN_EXPIRY_SKEW_MS,
  }
}
