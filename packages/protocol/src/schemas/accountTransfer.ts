import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { emailSchema } from './common'
import { fidSchema } from './farcaster'
import { base58AddressSchema, evmAddressSchema } from './siwe'
import { phoneNumberSchema } from './sms'
import { telegramAuthResultSchema, telegramWebAppDataSchema } from './telegram'

/**
 * Lifetime of an account transfer nonce, in seconds (docs/limits.md; like every single-use proof, ≤ 10 min).
 */
export const ACCOUNT_TRANSFER_NONCE_TTL_SECONDS = 600

/** An account transfer nonce as the client echoes it (the server base64url characters). */
export const accountTransferNonceSchema = z.string().min(1).max(256)

/**
 * The OAuth profile of an account transfer (docs/wire.md#account-transfer `userInfo`): `subject` (the
 * provider's user id) and the profile fields the conflict answer gave in `otherUser.oAuthUserInfo`, echoed
 * verbatim.
 */
export const oauthTransferUserInfoSchema = z.object({
  subject: z.string().min(1).max(512),
  email: z.string().max(512).nullable().optional(),
  name: z.string().max(512).nullable().optional(),
  username: z.string().max(512).nullable().optional(),
  vanityName: z.string().max(512).nullable().optional(),
  profilePictureUrl: z.string().max(4096).nullable().optional(),
  embeddedWalletAddresses: z.array(z.string().max(128)).max(16).optional(),
  smartWalletAddresses: z.array(z.string().max(128)).max(16).optional(),
  meta: z.object({ providerAppId: z.string().max(64).optional() }).optional(),
})
export type OAuthTransferUserInfo = z.infer<typeof oauthTransferUserInfoSchema>

/**
 * `data` of a 400 `account_transfer_required` answer (docs/wire.md#account-transfer): the link call proved an
 * account that another user holds. `nonce` is single use, expires after {@link
 * ACCOUNT_TRANSFER_NONCE_TTL_SECONDS} and is bound to the caller and this account; `subject` is the account's
 * identifier (the fid as a string for Farcaster, the Telegram user id, the provider's subject for OAuth);
 * `account.displayName` names it on the conflict screen; `otherUser.embeddedWalletAddress` is always null
 * from this server (the holder's wallets are never disclosed; kept for older clients, see
 * docs/account-transfer.md), `farcasterEmbeddedAddress` and `oAuthUserInfo` are echoed to the transfer call.
 */
export const accountTransferDataSchema = z.object({
  nonce: accountTransferNonceSchema,
  subject: z.string(),
  account: z.object({ displayName: z.string().nullable() }),
  otherUser: z.object({
    embeddedWalletAddress: z.string().nullable(),
    farcasterEmbeddedAddress: z.string().optional(),
    oAuthUserInfo: oauthTransferUserInfoSchema.optional(),
  }),
})
export type AccountTransferData = z.infer<typeof accountTransferDataSchema>

/**
 * `POST /api/v1/passwordless/transfer` (session) `{ nonce, email }` → the user (docs/api.md,
 * docs/wire.md#account-transfer).
 */
export const passwordlessTransferRequestSchema = z.object({
  nonce: accountTransferNonceSchema,
  email: emailSchema,
})
export type PasswordlessTransferRequest = z.infer<typeof passwordlessTransferRequestSchema>

/**
 * `POST /api/v1/passwordless_sms/transfer` (session) `{ nonce, phoneNumber }` → the user
 * (docs/wire.md#account-transfer).
 */
export const smsTransferRequestSchema = z.object({
  nonce: accountTransferNonceSchema,
  phoneNumber: phoneNumberSchema,
})
export type SmsTransferRequest = z.infer<typeof smsTransferRequestSchema>

/** A wallet metadata field of a wallet transfer: a string or null (docs/wire.md#account-transfer). */
const walletMetadata = z.string().max(64).nullable().optional()

/**
 * `POST /api/v1/siwe/transfer` (session) `{ nonce, address, walletClientType, chainId?, connectorType }` →
 * the user (docs/wire.md#account-transfer). The server refuses a transfer without `walletClientType` and
 * `connectorType`: 400 `invalid_data` 'Wallet parameters must be defined' (docs/limits.md).
 */
export const siweTransferRequestSchema = z.object({
  nonce: accountTransferNonceSchema,
  address: evmAddressSchema,
  walletClientType: walletMetadata,
  chainId: z
    .union([z.string().max(64), z.number()])
    .nullable()
    .optional(),
  connectorType: walletMetadata,
})
export type SiweTransferRequest = z.infer<typeof siweTransferRequestSchema>

/** `POST /api/v1/siws/transfer` (session): as {@link siweTransferRequestSchema}, with a Solana address. */
export const siwsTransferRequestSchema = siweTransferRequestSchema.extend({ address: base58AddressSchema })
export type SiwsTransferRequest = z.infer<typeof siwsTransferRequestSchema>

/**
 * `POST /api/v1/oauth/transfer` (session) `{ nonce, userInfo }` → the user (docs/wire.md#account-transfer,
 * web form).
 */
export const oauthTransferRequestSchema = z.object({
  nonce: accountTransferNonceSchema,
  userInfo: oauthTransferUserInfoSchema,
})
export type OAuthTransferRequest = z.infer<typeof oauthTransferRequestSchema>

/**
 * `POST /api/v1/farcaster/transfer` (session) `{ nonce, farcaster_id, farcaster_embedded_address }` → the
 * user (docs/wire.md#account-transfer). `farcaster_id` is the fid as a string (a number is accepted).
 */
export const farcasterTransferRequestSchema = z.object({
  nonce: accountTransferNonceSchema,
  farcaster_id: z.union([z.string().regex(/^[1-9][0-9]{0,15}$/), fidSchema]),
  farcaster_embedded_address: z.string().max(128).optional(),
})
export type FarcasterTransferRequest = z.infer<typeof farcasterTransferRequestSchema>

/**
 * `POST /api/v1/telegram/transfer` (session) `{ nonce, telegram_auth_result? | telegram_web_app_data? }` →
 * the user (docs/wire.md#account-transfer): the same signed object the failed link sent, verified again.
 */
export const telegramTransferRequestSchema = z.object({
  nonce: accountTransferNonceSchema,
  telegram_auth_result: telegramAuthResultSchema.optional(),
  telegram_web_app_data: telegramWebAppDataSchema.optional(),
})
export type TelegramTransferRequest = z.infer<typeof telegramTransferRequestSchema>
