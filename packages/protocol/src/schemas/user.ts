import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { linkedAccountTimes, unixSecondsSchema } from './common'
import { crossAppAccountSchema } from './crossAppAccount'
import { farcasterAccountSchema } from './farcaster'
import { oauthAccountSchemas } from './oauthAccounts'
import { smartWalletAccountSchema } from './smartWallet'
import { telegramAccountSchema } from './telegram'
import { walletAccountSchema } from './wallets'

/** An email address proven by a one-time code. `address` is lower-cased. */
export const emailAccountSchema = z.object({
  type: z.literal('email'),
  address: z.string(),
  ...linkedAccountTimes,
})
export type EmailAccount = z.infer<typeof emailAccountSchema>

/**
 * A phone number proven by an SMS code. `number` is E.164 (`+14155550100`); `phoneNumber` is the same value
 * under the name the reference clients read: the server always sends it
 * (docs/interop.md#decisions-where-the-clients-expect-something).
 */
export const phoneAccountSchema = z.object({
  type: z.literal('phone'),
  number: z.string(),
  phoneNumber: z.string().optional(),
  ...linkedAccountTimes,
})
export type PhoneAccount = z.infer<typeof phoneAccountSchema>

/**
 * A passkey (WebAuthn credential) linked to a user (docs/linked-accounts.md). `credential_id` is
 * base64url; `authenticator_name` comes from the AAGUID when known; browser and OS from the User-Agent.
 */
export const passkeyAccountSchema = z.object({
  type: z.literal('passkey'),
  credential_id: z.string(),
  authenticator_name: z.string().nullable(),
  created_with_browser: z.string().nullable(),
  created_with_os: z.string().nullable(),
  /**
   * True when the passkey is one of the user's second factors (docs/wire.md); such a passkey cannot be
   * unlinked.
   */
  enrolled_in_mfa: z.boolean().default(false),
  ...linkedAccountTimes,
})
export type PasskeyAccount = z.infer<typeof passkeyAccountSchema>

/**
 * An account of the host's own JWT: `custom_user_id` is its subject claim. Wire
 * type `custom_auth` (docs/linked-accounts.md#account-shapes).
 */
export const customJwtAccountSchema = z.object({
  type: z.literal('custom_auth'),
  custom_user_id: z.string(),
  ...linkedAccountTimes,
})
export type CustomJwtAccount = z.infer<typeof customJwtAccountSchema>

/**
 * Any account linked to a user, discriminated by `type` (shapes in
 * docs/linked-accounts.md#account-shapes). A guest's device credential is not listed: `User.is_guest` says
 * the user is a guest.
 */
export const linkedAccountSchema = z.discriminatedUnion('type', [
  emailAccountSchema,
  phoneAccountSchema,
  walletAccountSchema,
  passkeyAccountSchema,
  customJwtAccountSchema,
  ...oauthAccountSchemas,
  telegramAccountSchema,
  farcasterAccountSchema,
  crossAppAccountSchema,
  smartWalletAccountSchema,
])
export type LinkedAccount = z.infer<typeof linkedAccountSchema>
export type LinkedAccountType = LinkedAccount['type']

/** A second factor enrolled by the user (docs/api.md). */
export const mfaMethodSchema = z.object({
  type: z.enum(['sms', 'totp', 'passkey']),
  verified_at: unixSecondsSchema,
})
export type MfaMethod = z.infer<typeof mfaMethodSchema>

/**
 * A user as the server returns it: `{ id, created_at, linked_accounts, mfa_methods, has_accepted_terms, is_guest }`.
 * `id` is a DID (`did:foyer:<id>`); `created_at` is in Unix seconds.
 */
export const userSchema = z.object({
  id: z.string(),
  created_at: unixSecondsSchema,
  linked_accounts: z.array(linkedAccountSchema),
  mfa_methods: z.array(mfaMethodSchema),
  has_accepted_terms: z.boolean(),
  is_guest: z.boolean(),
})
export type User = z.infer<typeof userSchema>

/** `GET /api/v1/users/me` → `{ user }`: the signed-in user (docs/api.md). */
export const usersMeResponseSchema = z.object({ user: userSchema })
export type UsersMeResponse = z.infer<typeof usersMeResponseSchema>

/**
 * `POST /api/v1/users/me/accept_terms` (docs/modal.md, docs/api.md; docs/wire.md#terms): an empty body (`{}`,
 * or none); the answer is the user itself (not wrapped), with `has_accepted_terms: true`.
 */
export const acceptTermsRequestSchema = z.object({}).strict()
export type AcceptTermsRequest = z.infer<typeof acceptTermsRequestSchema>
