import {
  TELEGRAM_AUTH_MAX_AGE_SECONDS,
  type TelegramAuthResult,
  type TelegramWebAppData,
} from '@foyer/protocol'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { foyerError } from '../../errors/foyerError'
import { keyedRateLimit } from '../../http/keyedRateLimit'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import type { TelegramAccountDetails } from './account'
import { telegramPayloads } from './schema'
import {
  type TelegramIdentity,
  verifyTelegramAuthResult,
  verifyTelegramWebAppData,
} from './verifyTelegramData'

/**
 * The app's bot token, when Telegram sign-in is on: `telegram_auth` and a `telegram_bot_token` in the
 * server-only settings. Throws 403 `disallowed_login_method` 'Login with Telegram not allowed.' otherwise.
 */
export function requireTelegramBotToken(app: LoadedApp): string {
  const token = app.settings.telegram_bot_token
  if (!app.settings.telegram_auth || !token) throw foyerError('telegramLoginNotAllowed')
  return token
}

/** The data objects of a Telegram call (docs/wire.md#telegram). */
export type TelegramProof = {
  telegram_auth_result?: TelegramAuthResult | undefined
  telegram_web_app_data?: TelegramWebAppData | undefined
}

/**
 * The Telegram user a call proves: exactly one data object (400 `invalid_data` for none or both), verified
 * with its own key — the login widget's auth result with SHA-256(bot_token), the mini app's data with
 * HMAC-SHA-256("WebAppData", bot_token) — and fresh (docs/security.md properties 45–47). Throws 403
 * `disallowed_login_method` when the app has Telegram off, 401 `invalid_credentials`, 400 `invalid_data`.
 */
export function verifyTelegramProof(
  context: ServerContext,
  app: LoadedApp,
  proof: TelegramProof,
): TelegramIdentity {
  const botToken = requireTelegramBotToken(app)
  const { telegram_auth_result: authResult, telegram_web_app_data: webAppData } = proof
  if ((authResult === undefined) === (webAppData === undefined)) throw foyerError('telegramPayloadAmbiguous')
  const verification = { botToken, nowMs: context.now() }
  return authResult
    ? verifyTelegramAuthResult(authResult, verification)
    : verifyTelegramWebAppData(webAppData as TelegramWebAppData, verification)
}

/**
 * Claims a verified payload for one use (docs/account-transfer.md#telegram-payloads): records its hash
 * until `auth_date` + 24 h with one `INSERT … ON CONFLICT DO NOTHING RETURNING`, so of any number of
 * concurrent or later presentations exactly one gets through. Throws 401 `telegram_data_already_used`
 * ('telegramDataAlreadyUsed') for a payload already claimed (by any app).
 *
 * @example await consumeTelegramPayload(context, foyerApp, verifyTelegramProof(context, foyerApp, body))
 */
export async function consumeTelegramPayload(
  context: ServerContext,
  app: LoadedApp,
  identity: TelegramIdentity,
): Promise<void> {
  const claimed = await context.db.orm
    .insert(telegramPayloads)
    .values({
      payloadHash: identity.payloadHash,
      appId: app.id,
      usedAt: new Date(context.now()),
      expiresAt: new Date((identity.authDate + TELEGRAM_AUTH_MAX_AGE_SECONDS) * 1000),
    })
    .onConflictDoNothing({ target: telegramPayloads.payloadHash })
    .returning({ payloadHash: telegramPayloads.payloadHash })
  if (claimed.length === 0) throw foyerError('telegramDataAlreadyUsed')
}

/** The stored details of a verified Telegram user (see `TelegramAccountDetails`). */
export function telegramDetails(identity: TelegramIdentity): TelegramAccountDetails {
  return {
    first_name: identity.firstName,
    last_name: identity.lastName,
    username: identity.username,
    photo_url: identity.photoUrl,
  }
}

/**
 * The per-account limit of the Telegram routes of plugin `app` (`rateLimits.telegramPerAccount`), keyed by
 * (app, Telegram user id) and sharing @fastify/rate-limit's store. The returned check sets `Retry-After`
 * and throws 429 `too_many_requests` ('telegramAccountRateLimited') over the limit; it does nothing
 * when rate limiting is off.
 */
export function createTelegramAccountLimit(
  app: FastifyInstance,
  context: ServerContext,
): (request: FastifyRequest, reply: FastifyReply, key: { appId: string; userId: string }) => Promise<void> {
  const check = keyedRateLimit(app, context.rateLimits?.telegramPerAccount, 'telegramAccountRateLimited')
  return (request, reply, key) => check(request, reply, `telegram:${key.appId}:${key.userId}`)
}
