import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { oauthProviders } from '../constants/oauth'

/** Server-only app settings: never part of the public app configuration. */

/**
 * Who may sign up (docs/security.md property 55), server-only: never part of the public app configuration.
 * `allowlist` entries are emails (lower case), E.164 phone numbers or wallet addresses (Ethereum lower
 * case, Solana base58); with `allowlist_enabled`, a new user must prove one of them (403
 * `allowlist_rejected`). `max_users` caps the app's users (403 `max_accounts_reached`); null = no cap.
 */
export const accessControlSchema = z.object({
  allowlist_enabled: z.boolean(),
  allowlist: z.array(z.string().min(1).max(254)).max(100_000),
  max_users: z.number().int().nonnegative().nullable(),
})
export type AccessControl = z.infer<typeof accessControlSchema>

/**
 * The app's own Farcaster account, which asks users to add the app's signer keys (docs/api.md), server-only:
 * never part of the public app configuration. `fid` is the account's Farcaster id and `custody_private_key`
 * (`0x` + 64 hex digits) the secp256k1 key of its custody address, which signs each EIP-712
 * `SignedKeyRequest`. Both null: the app offers no Farcaster signer.
 */
export const farcasterDeveloperAccountSchema = z.object({
  fid: z.number().int().positive().nullable(),
  custody_private_key: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'Expected 0x and 64 hex digits')
    .nullable(),
})
export type FarcasterDeveloperAccount = z.infer<typeof farcasterDeveloperAccountSchema>

/**
 * The app's client registration at one OAuth provider, server-only: never part of the public
 * app configuration. `client_id` (TikTok's `client_key`) and `client_secret` as the provider issued them;
 * `scopes` are asked for besides the provider's defaults. Apple signs its client secret instead
 * (`apple`: the team id, the key id and the PKCS8 PEM of the ES256 key from Apple's developer account).
 */
export const oauthClientSettingsSchema = z.object({
  client_id: z.string().min(1).max(512),
  client_secret: z.string().max(4096).nullable(),
  scopes: z.array(z.string().min(1).max(256)).max(50),
  apple: z
    .object({
      team_id: z.string().min(1).max(64),
      key_id: z.string().min(1).max(64),
      private_key_pem: z.string().min(1).max(8192),
    })
    .nullable(),
})
export type OAuthClientSettings = z.infer<typeof oauthClientSettingsSchema>

/**
 * Server-only OAuth settings: one client registration per provider (see
 * {@link oauthClientSettingsSchema}); a provider whose flag (`google_oauth` …) is on needs one.
 * `return_tokens`: the auth response carries the provider's `oauth_tokens` (docs/wire.md).
 */
export const oauthSettingsSchema = z.object({
  clients: z.partialRecord(z.enum(oauthProviders), oauthClientSettingsSchema),
  return_tokens: z.boolean(),
})
export type OAuthSettings = z.infer<typeof oauthSettingsSchema>
