import { endpoints } from '@foyer/protocol'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import { assertCaptcha } from '../captcha/verifyCaptcha'
import { answerSignIn } from '../sessions/answerSignIn'
import { optionalSession } from '../sessions/optionalSession'
import { accountRoutes } from '../users/accountRoutes'
import { telegramAccountKind } from './account'
import {
  TELEGRAM_LOADER_MAX_AGE_SECONDS,
  TELEGRAM_LOADER_PATH,
  type TelegramContext,
  telegramLoaderScript,
} from './loaderScript'
import {
  consumeTelegramPayload,
  createTelegramAccountLimit,
  requireTelegramBotToken,
  telegramDetails,
  verifyTelegramProof,
} from './service'

/**
 * Telegram sign-in (docs/api.md, docs/wire.md#telegram; docs/security.md properties 45–47):
 * - `POST /api/v1/telegram/authenticate` `{ captcha_token?, telegram_auth_result? | telegram_web_app_data?,
 *   mode? }` → auth response of a new session (captcha first when the app has it, docs/sessions.md).
 * - `POST /api/v1/telegram/link` (session) `{ telegram_auth_result? | telegram_web_app_data? }` → the user
 *   (400 `linked_to_another_user`, `cannot_link_more_of_type`).
 * - `POST /api/v1/telegram/unlink` (session) `{ telegram_user_id }` → the user (404 `not_found`, 400
 *   `cannot_unlink_sole_account`).
 * - `POST /api/v1/telegram/transfer` (session) `{ nonce, telegram_auth_result? | telegram_web_app_data? }` →
 *   the user: the account moved from the user who held it (see `transferAccount`).
 * Exactly one data object (400 `invalid_data`), verified with its own key and at most a day old (401
 * `invalid_credentials`); 403 `disallowed_login_method` 'Login with Telegram not allowed.' when the app
 * has `telegram_auth` off or no bot token; 429 `too_many_requests` per IP, and per Telegram account with a
 * message that mentions the rate limit. A payload signs in or links once: presented again, it is 401
 * `telegram_data_already_used` (docs/account-transfer.md#telegram-payloads); only `transfer` takes the
 * payload its failed link used.
 * - `GET /js/telegram-login.js` → a small `application/javascript` loader of Telegram's widget script (the
 *   `telegram.widgetScriptUrl` option), cacheable and loadable from any origin
 *   (docs/linked-accounts.md#telegram-login-script).
 */
export const telegramRoutes: PluginRoutes<TelegramContext> = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.telegram)
  const checkAccountLimit = createTelegramAccountLimit(app, context)
  const loader = telegramLoaderScript(context.telegram.widgetScriptUrl)

  app.get(TELEGRAM_LOADER_PATH, (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', `public, max-age=${TELEGRAM_LOADER_MAX_AGE_SECONDS}`)
      // Pages of any origin load it with a <script> element (the server's scripts are same-origin otherwise).
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(loader),
  )

  endpointRoute(app, endpoints['POST /api/v1/telegram/authenticate'], { config }, async (request, reply) => {
    const foyerApp = await requireApp(context, request)
    requireTelegramBotToken(foyerApp)
    const session = await optionalSession(context, request)
    await assertCaptcha(context, foyerApp, request, { token: request.body.captcha_token, session })
    const identity = verifyTelegramProof(context, foyerApp, request.body)
    await checkAccountLimit(request, reply, { appId: foyerApp.id, userId: identity.userId })
    await consumeTelegramPayload(context, foyerApp, identity)
    return answerSignIn(context, request, reply, foyerApp, {
      type: 'telegram',
      subject: identity.userId,
      details: telegramDetails(identity),
      mode: request.body.mode,
    })
  })

  await accountRoutes(app, context, {
    kinds: [telegramAccountKind],
    config,
    link: {
      endpoint: endpoints['POST /api/v1/telegram/link'],
      prove: async ({ request, reply, app: foyerApp, body }) => {
        const identity = verifyTelegramProof(context, foyerApp, body)
        await checkAccountLimit(request, reply, { appId: foyerApp.id, userId: identity.userId })
        await consumeTelegramPayload(context, foyerApp, identity)
        return { subject: identity.userId, details: telegramDetails(identity) }
      },
    },
    unlink: {
      endpoint: endpoints['POST /api/v1/telegram/unlink'],
      rateLimited: false,
      account: async ({ body }) => ({ subject: String(body.telegram_user_id) }),
    },
    transfer: {
      endpoint: endpoints['POST /api/v1/telegram/transfer'],
      account: async ({ app: foyerApp, body }) => {
        // The same signed object as the failed link, verified again. The link consumed it; the
        // single-use nonce, bound to this caller and account, is what makes the transfer single use.
        const identity = verifyTelegramProof(context, foyerApp, body)
        return { subject: identity.userId }
      },
    },
  })
}
