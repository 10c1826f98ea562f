import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import {
  TELEGRAM_AUTH_CLOCK_SKEW_SECONDS,
  TELEGRAM_AUTH_MAX_AGE_SECONDS,
  type TelegramAuthResult,
  type TelegramWebAppData,
} from '@foyer/protocol'
import { foyerError } from '../../errors/foyerError'

/**
 * A Telegram user as its signed data names it: the numeric id (as a decimal string) and profile fields,
 * with the payload's `hash` (lowercase hex) and `auth_date` (Unix seconds), which make it single use.
 */
export type TelegramIdentity = {
  userId: string
  payloadHash: string
  authDate: number
  firstName: string | null
  lastName: string | null
  username: string | null
  photoUrl: string | null
}

/** What {@link verifyTelegramAuthResult} and {@link verifyTelegramWebAppData} check against. */
export type TelegramVerification = {
  /** The app's bot token (`<bot_id>:<secret>`), the root of both keys. */
  botToken: string
  /** The server's clock, ms since epoch. */
  nowMs: number
}

type TelegramFields = Record<string, string | number | boolean | null | undefined>

/**
 * Telegram's data-check-string: every received field but `hash`, absent (`null`) ones left out, sorted by
 * key, as `key=<value>` joined by a line feed (Telegram login widget docs "Checking authorization").
 */
export function dataCheckString(fields: TelegramFields): string {
  return Object.entries(fields)
    .filter(([key, value]) => key !== 'hash' && value !== null && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('\n')
}

/** The login widget's key: SHA-256 of the bot token (docs/security.md property 45). */
export function widgetSecretKey(botToken: string): Buffer {
  return createHash('sha256').update(botToken).digest()
}

/**
 * The mini app's key: HMAC-SHA-256 of the bot token under the key "WebAppData" (docs/security.md property
 * 47).
 */
export function webAppSecretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest()
}

/** The hex `hash` Telegram puts on `fields` under `key`. */
export function signTelegramFields(fields: TelegramFields, key: Buffer): string {
  return createHmac('sha256', key).update(dataCheckString(fields)).digest('hex')
}

const invalid = (detail: string) => foyerError('invalidTelegramData', { reason: detail })

/** Checks `hash` against `fields` under `key`, in constant time (docs/security.md property 45). */
function checkHash(fields: TelegramFields, key: Buffer): void {
  const hash = fields.hash
  // 1. A hash is 64 hex digits (HMAC-SHA-256).
  if (typeof hash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(hash)) throw invalid('no valid hash')
  // 2. The HMAC of the data-check-string, compared in constant time: any changed field fails.
  const expected = createHmac('sha256', key).update(dataCheckString(fields)).digest()
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) throw invalid('hash mismatch')
}

/** Checks `auth_date` (Unix seconds, number or string): at most a day old and not in the future; returns it. */
function checkAuthDate(value: unknown, nowMs: number): number {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^[0-9]{1,12}$/.test(text)) throw invalid('no valid auth_date')
  const authDate = Number(text)
  const nowSeconds = Math.floor(nowMs / 1000)
  if (authDate > nowSeconds + TELEGRAM_AUTH_CLOCK_SKEW_SECONDS) throw invalid('auth_date is in the future')
  if (nowSeconds - authDate > TELEGRAM_AUTH_MAX_AGE_SECONDS) throw invalid('auth_date is more than 24 h old')
  return authDate
}

/** A Telegram user id (a positive integer, number or decimal string) as a decimal string; invalid_data otherwise. */
function userIdOf(value: unknown): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,19}$/.test(text)) throw foyerError('telegramUserIdInvalid')
  return text
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null

/**
 * Verifies a login widget's auth result (docs/api.md; docs/security.md properties 45, 46) and returns the
 * user it names. Checks, in order: a 64-hex-digit `hash`; `hash == hex(HMAC-SHA-256(data-check-string,
 * SHA-256(bot_token)))` in constant time, over every field received (numbers and strings alike,
 * docs/wire.md#telegram); `auth_date` at most 24 h old and at most 60 s ahead of the server's clock; a
 * positive integer `id`.
 *
 * @throws FoyerHttpError 401 `invalid_credentials` (hash, auth_date), 400 `invalid_data` (no user id).
 * @example const identity = verifyTelegramAuthResult(body.telegram_auth_result, { botToken, nowMs: Date.now() })
 */
export function verifyTelegramAuthResult(
  data: TelegramAuthResult,
  { botToken, nowMs }: TelegramVerification,
): TelegramIdentity {
  const fields = data as TelegramFields
  checkHash(fields, widgetSecretKey(botToken))
  const authDate = checkAuthDate(fields.auth_date, nowMs)
  return {
    userId: userIdOf(fields.id),
    payloadHash: String(fields.hash).toLowerCase(),
    authDate,
    firstName: textOrNull(fields.first_name),
    lastName: textOrNull(fields.last_name),
    username: textOrNull(fields.username),
    photoUrl: textOrNull(fields.photo_url),
  }
}

/**
 * Verifies a mini app's `initData` (split into key → value; docs/api.md, docs/wire.md#telegram;
 * docs/security.md properties 46, 47) and returns the user of its `user` field. The same checks as {@link
 * verifyTelegramAuthResult}, with the mini app's own key HMAC-SHA-256("WebAppData", bot_token), so widget
 * data never passes as mini-app data nor the reverse; then `user` must be a JSON object with a positive
 * integer `id`.
 *
 * @throws FoyerHttpError 401 `invalid_credentials` (hash, auth_date), 400 `invalid_data` (no user).
 * @example const identity = verifyTelegramWebAppData(body.telegram_web_app_data, { botToken, nowMs: Date.now() })
 */
export function verifyTelegramWebAppData(
  data: TelegramWebAppData,
  { botToken, nowMs }: TelegramVerification,
): TelegramIdentity {
  const fields = data as TelegramFields
  checkHash(fields, webAppSecretKey(botToken))
  const authDate = checkAuthDate(fields.auth_date, nowMs)
  let user: unknown
  try {
    user = JSON.parse(String(fields.user))
  } catch {
    throw foyerError('telegramMiniAppUserInvalid')
  }
  if (typeof user !== 'object' || user === null || Array.isArray(user))
    throw foyerError('telegramMiniAppUserInvalid')
  const profile = user as Record<string, unknown>
  return {
    userId: userIdOf(profile.id),
    payloadHash: String(fields.hash).toLowerCase(),
    authDate,
    firstName: textOrNull(profile.first_name),
    lastName: textOrNull(profile.last_name),
    username: textOrNull(profile.username),
    photoUrl: textOrNull(profile.photo_url),
  }
}
