import type { AuthMode, User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { TelegramRateLimitError } from '../../errors/TelegramRateLimitError'
import type { RequestErrorType } from '../../http/request'
import { authenticate, beginAuthFlow } from '../../session/authenticate'
import { type TelegramProof, telegramProofBody } from '../../telegram/TelegramProof'
import { translateTelegramError } from '../../telegram/translateTelegramError'

/** Parameters of {@link loginWithTelegram}: the proof, and the captcha token and sign-up rule of the flow. */
export type LoginWithTelegramParameters = TelegramProof & {
  /** The captcha token, for apps with `captcha_enabled` (docs/modal.md "Starting a login"). */
  captchaToken?: string | undefined
  /** `true`: only existing users sign in (mode `'no-signup'`, docs/modal.md). Default false. */
  disableSignup?: boolean | undefined
}

/** Return type of {@link loginWithTelegram}. */
export type LoginWithTelegramReturnType = { user: User; isNewUser: boolean }

/** What {@link loginWithTelegram} throws (an action that calls others includes theirs). */
export type LoginWithTelegramErrorType = RequestErrorType | NoAuthFlowError | TelegramRateLimitError

/**
 * Signs in with Telegram (docs/wire.md, docs/sessions.md, docs/api.md; docs/wire.md#telegram):
 * `POST /api/v1/telegram/authenticate` with
 * `{ captcha_token?, telegram_auth_result | telegram_web_app_data, mode }` — the login widget's result or a
 * mini app's `initData` fields (see `getTelegramWebAppData`). Retried like every call (docs/api.md#retries);
 * stores the tokens (docs/sessions.md) and records `'telegram'` as the recent login method. One
 * authentication at a time per client; the same proof twice shares one call.
 *
 * @throws {TelegramRateLimitError} `'telegram_rate_limited'`: a 429 that mentions a rate limit.
 * @throws {ApiError} `invalid_credentials` (401: hash or `auth_date`), `invalid_data` (400),
 *   `disallowed_login_method` (403, 'Login with Telegram not allowed.'), `invalid_captcha`,
 *   `allowlist_rejected`, `max_accounts_reached`, `user_does_not_exist` (404, `disableSignup`),
 *   `too_many_requests` (429).
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @example
 * // data-onauth="onTelegramAuth(user)"
 * window.onTelegramAuth = (user) => loginWithTelegram(client, { authResult: user })
 */
export function loginWithTelegram(
  client: FoyerClient,
  parameters: LoginWithTelegramParameters,
): Promise<LoginWithTelegramReturnType> {
  const body = telegramProofBody(parameters)
  const mode: AuthMode = parameters.disableSignup ? 'no-signup' : 'login-or-sign-up'
  const key = JSON.stringify(['telegram', body, mode])
  return runExclusive(client, 'authenticate', key, async () => {
    const flow = beginAuthFlow(client)
    try {
      const { user, isNewUser } = await authenticate(
        client,
        {
          endpoint: 'POST /api/v1/telegram/authenticate',
          body: {
            ...body,
            ...(parameters.captchaToken ? { captcha_token: parameters.captchaToken } : {}),
            mode,
          },
          method: 'telegram',
        },
        flow,
      )
      return { user, isNewUser }
    } catch (error) {
      throw translateTelegramError(error)
    }
  })
}
