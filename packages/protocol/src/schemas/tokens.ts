import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/** JOSE header `typ` of an access token (docs/api.md). */
export const ACCESS_TOKEN_TYP = 'JWT'
/** JOSE header `typ` of an identity token: distinct, so one is never accepted as the other (RFC 8725 §3.11). */
export const IDENTITY_TOKEN_TYP = 'id+jwt'
/** The only signature algorithm Foyer issues and accepts (RFC 8725 §3.1). */
export const TOKEN_ALG = 'ES256'

/**
 * Claims of an access token: `sid` session id, `sub` user DID, `iss` issuer, `aud` app id,
 * `iat`/`exp` in Unix seconds (docs/api.md).
 */
export const accessTokenClaimsSchema = z.object({
  sid: z.string(),
  sub: z.string(),
  iss: z.string(),
  aud: z.string(),
  iat: z.number(),
  exp: z.number(),
})
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>

/** Claims of an identity token: the access token's, less `sid`, plus `linked_accounts` as a JSON string. */
export const identityTokenClaimsSchema = z.object({
  sub: z.string(),
  iss: z.string(),
  aud: z.string(),
  iat: z.number(),
  exp: z.number(),
  linked_accounts: z.string(),
})
export type IdentityTokenClaims = z.infer<typeof identityTokenClaimsSchema>

/** Builds the user DID carried in `sub` from a user id. */
export function toUserDid(userId: string): string {
  return `did:foyer:${userId}`
}
