import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { authModeSchema, linkedAccountTimes } from './common'

/**
 * One value of Telegram's signed data: the widget's callback gives numbers, a redirect's query and the mini
 * app's `initData` give strings (docs/wire.md#telegram), so both are accepted; `null` (an absent optional
 * field) is left out of the data-check-string.
 */
const telegramValueSchema = z.union([z.string().max(4096), z.number(), z.boolean(), z.null()])

/** At most this many fields in a data object: Telegram sends about ten. */
const TELEGRAM_MAX_FIELDS = 32

/** Every received field counts for the hash (Telegram: "all received fields"), so unknown keys are kept. */
const withFieldCap = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z
    .object(shape)
    .catchall(telegramValueSchema)
    .refine((value) => Object.keys(value).length <= TELEGRAM_MAX_FIELDS, 'Too many fields')

/**
 * The login widget's auth result (docs/wire.md#telegram `AuthResult`): `id`, `first_name`, `auth_date` (Unix
 * seconds), `hash` (hex HMAC-SHA256), `last_name?`, `username?`, `photo_url?`. Numbers or strings (a redirect
 * copies the query as is); any further field Telegram adds is kept, as it is signed too (docs/security.md
 * property 45).
 */
export const telegramAuthResultSchema = withFieldCap({
  id: z.union([z.number(), z.string().max(32)]).nullable(),
  first_name: z.string().max(4096).nullable().optional(),
  auth_date: z.union([z.number(), z.string().max(32)]).nullable(),
  hash: z.string().max(256).optional(),
  last_name: z.string().max(4096).nullable().optional(),
  photo_url: z.string().max(4096).nullable().optional(),
  username: z.string().max(4096).nullable().optional(),
})
export type TelegramAuthResult = z.infer<typeof telegramAuthResultSchema>

/**
 * A mini app's `initData` split into key → value (docs/wire.md#telegram `WebAppData`): `auth_date`, `hash`,
 * `user` (the JSON-encoded Telegram user), `query_id?`, `chat_instance?`, `chat_type?`, `signature?`,
 * `start_param?`; every value a string as in `initData` (numbers accepted). Other signed fields are kept
 * (docs/security.md property 47).
 */
export const telegramWebAppDataSchema = withFieldCap({
  auth_date: z.union([z.number(), z.string().max(32)]).nullable(),
  hash: z.string().max(256),
  user: z.string().max(8192),
  query_id: z.string().max(4096).optional(),
  chat_instance: z.string().max(4096).optional(),
  chat_type: z.string().max(4096).optional(),
  signature: z.string().max(4096).optional(),
  start_param: z.string().max(4096).optional(),
})
export type TelegramWebAppData = z.infer<typeof telegramWebAppDataSchema>

/** The data objects of a Telegram call: exactly one of them must be set (docs/wire.md#telegram). */
const telegramDataFields = {
  telegram_auth_result: telegramAuthResultSchema.optional(),
  telegram_web_app_data: telegramWebAppDataSchema.optional(),
}

/**
 * `POST /api/v1/telegram/authenticate` `{ captcha_token?, telegram_auth_result? | telegram_web_app_data?,
 * mode? }` → auth response (docs/api.md, docs/wire.md#telegram). The server answers 400 `invalid_data` unless
 * exactly one data object is set.
 */
export const telegramAuthenticateRequestSchema = z.object({
  captcha_token: z.string().max(4096).optional(),
  ...telegramDataFields,
  mode: authModeSchema.optional(),
})
export type TelegramAuthenticateRequest = z.infer<typeof telegramAuthenticateRequestSchema>

/**
 * `POST /api/v1/telegram/link` (session) `{ telegram_auth_result? | telegram_web_app_data? }` → the user
 * (docs/api.md). `captcha_token` and `mode` are accepted and ignored (docs/wire.md#telegram: the published
 * client sends them).
 */
export const telegramLinkRequestSchema = z.object({
  ...telegramDataFields,
  captcha_token: z.string().max(4096).optional(),
  mode: authModeSchema.optional(),
})
export type TelegramLinkRequest = z.infer<typeof telegramLinkRequestSchema>

/**
 * `POST /api/v1/telegram/unlink` (session) `{ telegram_user_id }` → the user (docs/api.md,
 * docs/wire.md#telegram).
 */
export const telegramUnlinkRequestSchema = z.object({
  telegram_user_id: z.union([z.string().regex(/^[0-9]{1,20}$/), z.number().int().nonnegative()]),
})
export type TelegramUnlinkRequest = z.infer<typeof telegramUnlinkRequestSchema>

/**
 * A Telegram account (docs/linked-accounts.md#account-shapes): `telegram_user_id` (a string of digits),
 * `first_name`, `last_name`, `username`, `photo_url` (each string or null), as Telegram last signed them.
 */
export const telegramAccountSchema = z.object({
  type: z.literal('telegram'),
  telegram_user_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  photo_url: z.string().nullable(),
  ...linkedAccountTimes,
})
export type TelegramAccount = z.infer<typeof telegramAccountSchema>

/** Telegram login options of an app's settings (docs/app-config.md#telegram): bot id and name null until set. */
export const telegramAuthConfigSchema = z.object({
  bot_id: z.string().nullable(),
  bot_name: z.string().nullable(),
  link_enabled: z.boolean(),
  seamless_auth_enabled: z.boolean(),
})

/** The Telegram options as the public app config answers them, once the bot is configured. */
export const publicTelegramAuthConfigSchema = telegramAuthConfigSchema.extend({
  bot_id: z.string(),
  bot_name: z.string(),
})
