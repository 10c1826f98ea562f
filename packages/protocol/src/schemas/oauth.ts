import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { oauthTokensSchema } from './auth'
import { authModeSchema } from './common'
import { userSchema } from './user'

/** A base64url string (RFC 4648 §5) of 1..`max` characters. */
const base64Url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Expected base64url')

/**
 * A PKCE code verifier (RFC 7636 §4.1): 43..128 characters of `[A-Za-z0-9-._~]`. The client makes it from
 * {@link OAUTH_VERIFIER_BYTES} random bytes, base64url (48 characters).
 */
export const pkceCodeVerifierSchema = z
  .string()
  .min(43)
  .max(128)
  .regex(/^[A-Za-z0-9._~-]+$/, 'Invalid PKCE code verifier')

/** A PKCE S256 code challenge (RFC 7636 §4.2): base64url(SHA-256(verifier)), 43 characters. */
export const pkceCodeChallengeSchema = z
  .string()
  .length(43)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid PKCE code challenge')

/** The client's OAuth state (docs/limits.md: 36 random bytes, base64url), at most 256 characters. */
export const oauthStateCodeSchema = base64Url(256)

/**
 * `POST /api/v1/oauth/init` (docs/api.md, docs/wire.md#oauth): `provider` (one of {@link oauthProviders}; a
 * string so that cross-app `privy:<appId>` fits later), `redirect_to` (an absolute URL on one of the app's
 * allowed origins), `token` (captcha), `code_challenge` (S256) and `state_code`.
 */
export const oauthInitRequestSchema = z.object({
  provider: z.string().min(1).max(64),
  redirect_to: z.string().min(1).max(2048),
  token: z.string().max(4096).optional(),
  code_challenge: pkceCodeChallengeSchema.optional(),
  state_code: oauthStateCodeSchema.optional(),
})
export type OAuthInitRequest = z.infer<typeof oauthInitRequestSchema>

/** Answer of `oauth/init`: the provider's authorization URL to open (popup or full page). */
export const oauthInitResponseSchema = z.object({ url: z.string() })
export type OAuthInitResponse = z.infer<typeof oauthInitResponseSchema>

/** Fields of `oauth/authenticate` and `oauth/link` (docs/wire.md#oauth). */
const oauthCodeExchangeFields = {
  authorization_code: z.string().min(1).max(2048),
  state_code: oauthStateCodeSchema,
  code_verifier: pkceCodeVerifierSchema.optional(),
  code_type: z.literal('raw').optional(),
  provider: z.string().min(1).max(64).optional(),
}

/**
 * `POST /api/v1/oauth/authenticate` `{ authorization_code, state_code, code_verifier?, mode? }` → auth
 * response with `oauth_tokens` when the app returns them (docs/api.md).
 */
export const oauthAuthenticateRequestSchema = z.object({
  ...oauthCodeExchangeFields,
  mode: authModeSchema.optional(),
})
export type OAuthAuthenticateRequest = z.infer<typeof oauthAuthenticateRequestSchema>

/** `POST /api/v1/oauth/link` (session): as authenticate, without `mode`. */
export const oauthLinkRequestSchema = z.object(oauthCodeExchangeFields)
export type OAuthLinkRequest = z.infer<typeof oauthLinkRequestSchema>

/**
 * Answer of `oauth/link` (docs/wire.md#oauth): the user's fields at the top level, plus `oauth_tokens` when
 * returned.
 */
export const oauthLinkResponseSchema = userSchema.extend({ oauth_tokens: oauthTokensSchema.optional() })
export type OAuthLinkResponse = z.infer<typeof oauthLinkResponseSchema>

/** `POST /api/v1/oauth/unlink` `{ provider, subject }` → the user (docs/api.md). */
export const oauthUnlinkRequestSchema = z.object({
  provider: z.string().min(1).max(64),
  subject: z.string().min(1).max(512),
})
export type OAuthUnlinkRequest = z.infer<typeof oauthUnlinkRequestSchema>

/** The provider name of a recovery OAuth flow: Google, for the user's Drive app-data folder (docs/recovery-oauth.md). */
export const RECOVERY_OAUTH_PROVIDER = 'google-drive'

/** Google's scope for an app's own hidden folder in the user's Drive (the only scope a recovery flow adds). */
export const GOOGLE_DRIVE_APPDATA_SCOPE = 'https://www.googleapis.com/auth/drive.appdata'

/**
 * `POST /api/v1/recovery/oauth/init` (session; docs/recovery-oauth.md) `{ redirect_to, token?, code_challenge,
 * state_code }` → `{ url }`: Google's authorization URL for the Drive app-data scope. The browser comes back
 * to `redirect_to` with the `privy_oauth_*` return parameters, as after a sign-in.
 */
export const recoveryOAuthInitRequestSchema = oauthInitRequestSchema.omit({ provider: true })
export type RecoveryOAuthInitRequest = z.infer<typeof recoveryOAuthInitRequestSchema>

/**
 * `POST /api/v1/recovery/oauth/authenticate` (session) `{ authorization_code, state_code, code_verifier,
 * provider? }` → `{ access_token }`: Google's access token for the Drive app-data folder, handed to the wallet
 * frame as the recovery access token (docs/recovery-oauth.md).
 */
export const recoveryOAuthAuthenticateRequestSchema = z.object(oauthCodeExchangeFields)
export type RecoveryOAuthAuthenticateRequest = z.infer<typeof recoveryOAuthAuthenticateRequestSchema>

/** Answer of `recovery/oauth/authenticate`. */
export const recoveryOAuthAuthenticateResponseSchema = z.object({ access_token: z.string().min(1) })
export type RecoveryOAuthAuthenticateResponse = z.infer<typeof recoveryOAuthAuthenticateResponseSchema>
