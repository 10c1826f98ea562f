import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { appIdSchema, unixSecondsSchema } from '../schemas/common'
import { mfaMethodSchema, userSchema } from '../schemas/user'
import { chainTypeSchema, recoveryMethodSchema } from '../schemas/wallets'

/** A user's row id: the last part of its DID `did:foyer:<id>`, 25 lowercase letters and digits. */
export const consoleUserIdSchema = z.string().regex(/^[a-z0-9]{25}$/, 'expected a user id (25 characters)')

/**
 * A page cursor of the user search: `<created_at in ms>_<id>` of the last user of the previous page
 * (keyset paging, newest first; docs/console.md#users).
 */
export const consoleUserCursorSchema = z
  .string()
  .max(64)
  .regex(/^\d{1,15}_[a-z0-9]{25}$/, 'expected the next_cursor of a previous page')

/**
 * `GET /api/v1/console/users` query (docs/console.md#users): `q` is an email address, a phone number, a wallet
 * address (Ethereum in any case; Solana exactly), a DID or user id, or an OAuth subject; `app_id` limits the
 * search to one app (without it every app is searched); without `q` the users of `app_id` are listed.
 * `limit` users (1–100, default 25) after `cursor`.
 */
export const consoleUserSearchQuerySchema = z
  .strictObject({
    q: z.string().trim().max(320).optional(),
    app_id: appIdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    cursor: consoleUserCursorSchema.optional(),
  })
  .refine((query) => (query.q ?? '') !== '' || query.app_id !== undefined, {
    message: 'Give a search (q) or an app (app_id)',
    path: ['q'],
  })
export type ConsoleUserSearchQuery = z.input<typeof consoleUserSearchQuerySchema>

/**
 * One user in the search results: its DID (`id`), row id, app, creation time (Unix s), whether it is a guest,
 * and its identifiers as shown (email addresses, phone numbers, wallet addresses, OAuth emails or subjects).
 */
export const consoleUserSummarySchema = z.object({
  id: z.string(),
  user_id: consoleUserIdSchema,
  app_id: z.string(),
  created_at: unixSecondsSchema,
  is_guest: z.boolean(),
  identifiers: z.array(z.string()),
})
export type ConsoleUserSummary = z.infer<typeof consoleUserSummarySchema>

/** `GET /api/v1/console/users` answer: newest first; `next_cursor` null on the last page. */
export const consoleUserSearchPageSchema = z.object({
  users: z.array(consoleUserSummarySchema),
  next_cursor: z.string().nullable(),
})
export type ConsoleUserSearchPage = z.infer<typeof consoleUserSearchPageSchema>

/**
 * An embedded wallet of the user: address, chain type and the chains it signs for as a CAIP-2 pattern
 * (`eip155:*`: every EVM chain; `solana:*`), HD index, recovery method, whether it was imported or delegated
 * to the app, and its creation time (Unix s). Never a key share or any key material.
 */
export const consoleWalletSchema = z.object({
  id: z.string(),
  address: z.string(),
  chain_type: chainTypeSchema,
  chains: z.string(),
  wallet_index: z.number().int().nonnegative(),
  recovery_method: recoveryMethodSchema,
  imported: z.boolean(),
  delegated: z.boolean(),
  created_at: unixSecondsSchema,
})
export type ConsoleWallet = z.infer<typeof consoleWalletSchema>

/**
 * A session of the user (docs/sessions.md): times in Unix s; `last_seen_at` is its sign-in or last refresh;
 * `user_agent` the `User-Agent` of that call (null when none was sent); `status` is `active`, `revoked`,
 * `expired` (past its absolute lifetime) or `idle` (unused beyond the idle timeout). Never a token.
 */
export const consoleSessionSchema = z.object({
  id: z.string(),
  created_at: unixSecondsSchema,
  last_seen_at: unixSecondsSchema,
  expires_at: unixSecondsSchema,
  revoked_at: unixSecondsSchema.nullable(),
  user_agent: z.string().nullable(),
  forked: z.boolean(),
  status: z.enum(['active', 'revoked', 'expired', 'idle']),
})
export type ConsoleSession = z.infer<typeof consoleSessionSchema>

/**
 * `GET /api/v1/console/users/:user_id` answer: the wire user (`user`: linked accounts in their wire shape,
 * docs/linked-accounts.md), its app, its embedded wallets, MFA factors and sessions (newest first, at most 100).
 */
export const consoleUserRecordSchema = z.object({
  user: userSchema,
  user_id: consoleUserIdSchema,
  app_id: z.string(),
  wallets: z.array(consoleWalletSchema),
  mfa_factors: z.array(mfaMethodSchema),
  sessions: z.array(consoleSessionSchema),
})
export type ConsoleUserRecord = z.infer<typeof consoleUserRecordSchema>

/**
 * `GET /api/v1/console/users/:user_id/export` answer (a JSON download): the user record of
 * {@link consoleUserRecordSchema} and when it was exported (ISO 8601).
 */
export const consoleUserExportSchema = consoleUserRecordSchema.extend({
  format: z.literal('foyer.user-export.v1'),
  exported_at: z.string(),
})
export type ConsoleUserExport = z.infer<typeof consoleUserExportSchema>

/** `POST /api/v1/console/users/:user_id/sessions/revoke` body: one session (`session_id`), else all. */
export const consoleRevokeSessionsBodySchema = z.strictObject({
  session_id: z
    .string()
    .regex(/^[A-Za-z0-9]{25}$/)
    .optional(),
})
export type ConsoleRevokeSessionsBody = z.infer<typeof consoleRevokeSessionsBodySchema>

/** The revoke answer: how many live sessions were revoked (0 when they already were). */
export const consoleRevokeSessionsResponseSchema = z.object({ revoked: z.number().int().nonnegative() })
export type ConsoleRevokeSessionsResponse = z.infer<typeof consoleRevokeSessionsResponseSchema>

/**
 * `POST /api/v1/console/users/:user_id/mfa/remove` body: the factor `type`, and the operator's confirmation
 * that they verified the user's identity out of band (required, `true`), with an optional note (≤ 500
 * characters) kept in the audit log.
 */
export const consoleRemoveFactorBodySchema = z.strictObject({
  type: z.enum(['sms', 'totp', 'passkey']),
  verified_out_of_band: z.literal(true, 'Confirm that you verified the user out of band'),
  note: z.string().trim().max(500).optional(),
})
export type ConsoleRemoveFactorBody = z.infer<typeof consoleRemoveFactorBodySchema>

/** `POST /api/v1/console/users/:user_id/delete` body: the user's row id again, typed by the operator. */
export const consoleDeleteUserBodySchema = z.strictObject({ confirm_user_id: consoleUserIdSchema })
export type ConsoleDeleteUserBody = z.infer<typeof consoleDeleteUserBodySchema>

/** The delete answer. */
export const consoleDeleteUserResponseSchema = z.object({ deleted: z.literal(true) })
export type ConsoleDeleteUserResponse = z.infer<typeof consoleDeleteUserResponseSchema>
