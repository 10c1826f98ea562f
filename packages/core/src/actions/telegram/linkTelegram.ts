import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { TelegramRateLimitError } from '../../errors/TelegramRateLimitError'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { adoptChangedUser } from '../../session/adoptLinkedUser'
import { type TelegramProof, telegramProofBody } from '../../telegram/TelegramProof'
import { translateTelegramError } from '../../telegram/translateTelegramError'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link linkTelegram}: the login widget's result or a mini app's `initData` fields. */
export type LinkTelegramParameters = TelegramProof

/** What {@link linkTelegram} throws (an action that calls others includes theirs). */
export type LinkTelegramErrorType = RequestErrorType | TelegramRateLimitError

/**
 * Links a Telegram account to the signed-in user (docs/limits.md, docs/api.md; docs/wire.md#telegram):
 * `POST /api/v1/telegram/link` (Bearer) with `{ telegram_auth_result | telegram_web_app_data }`; then the
 * session is refreshed and its user is the result, the link answer being the fallback. Retried like every
 * call (docs/api.md#retries); one link at a time.
 *
 * @throws {TelegramRateLimitError} `'telegram_rate_limited'`.
 * @throws {ApiError} `linked_to_another_user` (400, 'This account has already been linked to another
 *   user.'), `cannot_link_more_of_type` (400), `invalid_credentials` (401), `invalid_data` (400),
 *   `disallowed_login_method` (403), `missing_or_invalid_token` (401: not signed in).
 * @example
 * const webAppData = getTelegramWebAppData()
 * if (webAppData) await linkTelegram(client, { webAppData })
 */
export function linkTelegram(client: FoyerClient, parameters: LinkTelegramParameters): Promise<User> {
  const body = telegramProofBody(parameters)
  return runExclusive(client, 'link', JSON.stringify(['telegram', body]), async () => {
    try {
      const answer = await request(client, 'POST /api/v1/telegram/link', {
        body,
        accessToken: await getAccessToken(client),
      })
      return await adoptChangedUser(client, answer)
    } catch (error) {
      throw translateTelegramError(error)
    }
  })
}
