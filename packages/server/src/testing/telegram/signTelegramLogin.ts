import { createHash, createHmac } from 'node:crypto'

/** A Telegram user as the stand-ins sign it (Telegram's `User`: a positive integer id and a profile). */
export type TelegramTestUser = {
  id: number
  first_name: string
  last_name?: string | undefined
  username?: string | undefined
  photo_url?: string | undefined
}

/** Telegram's data-check-string: every field but `hash`, sorted by key, `key=<value>` joined by line feeds. */
function checkString(fields: Record<string, string | number>): string {
  return Object.keys(fields)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')
}

/** Parameters of {@link signTelegramLogin}. */
export type SignTelegramLoginParameters = {
  /** The bot's token (`<bot_id>:<secret>`), as Telegram holds it. */
  botToken: string
  user: TelegramTestUser
  /** `auth_date`, Unix seconds; default now. */
  authDate?: number | undefined
}

/**
 * What Telegram's login widget hands the page after the user confirms (Telegram login widget docs
 * "Receiving authorization data"): the user's fields and `auth_date` (numbers where Telegram gives
 * numbers), signed `hash = hex(HMAC-SHA-256(data-check-string, SHA-256(bot_token)))`. For tests and the
 * widget stand-in; written apart from the server's verifier so that the two check each other.
 *
 * @example const authResult = signTelegramLogin({ botToken, user: { id: 42, first_name: 'Ada' } })
 */
export function signTelegramLogin(parameters: SignTelegramLoginParameters): Record<string, string | number> {
  const { user } = parameters
  const fields: Record<string, string | number> = {
    id: user.id,
    first_name: user.first_name,
    auth_date: parameters.authDate ?? Math.floor(Date.now() / 1000),
  }
  if (user.last_name) fields.last_name = user.last_name
  if (user.username) fields.username = user.username
  if (user.photo_url) fields.photo_url = user.photo_url
  const key = createHash('sha256').update(parameters.botToken).digest()
  return { ...fields, hash: createHmac('sha256', key).update(checkString(fields)).digest('hex') }
}

/** Parameters of {@link createTelegramInitData}. */
export type CreateTelegramInitDataParameters = {
  botToken: string
  user: TelegramTestUser
  /** `auth_date`, Unix seconds; default now. */
  authDate?: number | undefined
  /** `query_id`; default a fixed test value. */
  queryId?: string | undefined
  /** `start_param`, when the mini app was opened with one. */
  startParam?: string | undefined
}

/**
 * A mini app's launch data as Telegram hands it to `window.Telegram.WebApp.initData` (Telegram Mini Apps
 * docs "Validating data received via the Mini App"): `query_id`, `user` (JSON), `auth_date`, and `hash =
 * hex(HMAC-SHA-256(data-check-string, HMAC-SHA-256("WebAppData", bot_token)))`. Returns the query string
 * (`initData`) and its fields split into key → value (what the client sends as `telegram_web_app_data`).
 *
 * @example const { initData, webAppData } = createTelegramInitData({ botToken, user: { id: 42, first_name: 'Ada' } })
 */
export function createTelegramInitData(parameters: CreateTelegramInitDataParameters): {
  initData: string
  webAppData: Record<string, string>
} {
  const { user } = parameters
  const fields: Record<string, string> = {
    query_id: parameters.queryId ?? 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({
      id: user.id,
      first_name: user.first_name,
      ...(user.last_name ? { last_name: user.last_name } : {}),
      ...(user.username ? { username: user.username } : {}),
      language_code: 'en',
      allows_write_to_pm: true,
      ...(user.photo_url ? { photo_url: user.photo_url } : {}),
    }),
    auth_date: String(parameters.authDate ?? Math.floor(Date.now() / 1000)),
  }
  if (parameters.startParam) fields.start_param = parameters.startParam
  const key = createHmac('sha256', 'WebAppData').update(parameters.botToken).digest()
  const webAppData = { ...fields, hash: createHmac('sha256', key).update(checkString(fields)).digest('hex') }
  return { initData: new URLSearchParams(webAppData).toString(), webAppData }
}
