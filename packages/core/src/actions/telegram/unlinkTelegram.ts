import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { adoptChangedUser } from '../../session/adoptLinkedUser'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link unlinkTelegram}. */
export type UnlinkTelegramParameters = {
  /** The linked account's `telegram_user_id` (decimal digits). */
  telegramUserId: string
}

/** What {@link unlinkTelegram} throws (an action that calls others includes theirs). */
export type UnlinkTelegramErrorType = RequestErrorType

/**
 * Unlinks a Telegram account from the signed-in user: `POST /api/v1/telegram/unlink` `{ telegram_user_id }`
 * (docs/api.md); then the session is refreshed and its user is the result (docs/wire.md#shared-shapes).
 *
 * @throws {ApiError} `not_found` (404), `cannot_unlink_sole_account` (400), `missing_or_invalid_token` (401).
 * @example
 * const account = user.linked_accounts.find((a) => a.type === 'telegram')
 * if (account) await unlinkTelegram(client, { telegramUserId: account.telegram_user_id })
 */
export function unlinkTelegram(client: FoyerClient, parameters: UnlinkTelegramParameters): Promise<User> {
  return runExclusive(
    client,
    'link',
    JSON.stringify(['unlink-telegram', parameters.telegramUserId]),
    async () => {
      const answer = await request(client, 'POST /api/v1/telegram/unlink', {
        body: { telegram_user_id: parameters.telegramUserId },
        accessToken: await getAccessToken(client),
      })
      return await adoptChangedUser(client, answer)
    },
  )
}
