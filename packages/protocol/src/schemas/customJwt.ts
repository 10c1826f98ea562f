import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/** `POST /api/v1/custom_jwt_account/authenticate`: sign in with the host's own JWT (docs/api.md). */
export const customJwtAuthenticateRequestSchema = z.object({ token: z.string().min(1).max(16_384) })
export type CustomJwtAuthenticateRequest = z.infer<typeof customJwtAuthenticateRequestSchema>

/**
 * `POST /api/v1/custom_jwt_account/link` (signed in): link the host's JWT identity to the user; the token is
 * checked as for sign-in. Answers the user (docs/linked-accounts.md#linking).
 */
export const customJwtLinkRequestSchema = z.object({ token: z.string().min(1).max(16_384) })
export type CustomJwtLinkRequest = z.infer<typeof customJwtLinkRequestSchema>

/** Asymmetric JWS algorithms a host's JWT may use (RFC 8725 §3.1: never `none`, never an HMAC). */
export const customJwtAlgorithmSchema = z.enum([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
])

/**
 * Server-side settings of sign-in with the host's own JWT (docs/security.md properties 31, 32):
 * the exact `issuer` and `audience`, the keys (a pinned `jwks_url` or a `public_key_pem`), the claim that
 * names the user (`subject_claim`, default 'sub') and the allowed algorithms (default RS256, ES256).
 */
export const customJwtAuthConfigSchema = z.object({
  enabled: z.boolean(),
  issuer: z.string().nullable(),
  jwks_url: z.url({ protocol: /^https?$/ }).nullable(),
  public_key_pem: z.string().nullable(),
  audience: z.string().nullable(),
  subject_claim: z.string().min(1),
  algorithms: z.array(customJwtAlgorithmSchema).min(1),
})
export type CustomJwtAuthConfig = z.infer<typeof customJwtAuthConfigSchema>
