/**
 * How old Telegram's signed data may be, in seconds (docs/security.md property 46: `auth_date` at most 24 h
 * old and not in the future). Telegram's login widget docs give no lifetime; a day is the common bound.
 */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 86_400

/** How far in the future an `auth_date` may lie (clock skew between Telegram and the server), in seconds. */
export const TELEGRAM_AUTH_CLOCK_SKEW_SECONDS = 60

/** Telegram's login widget script (docs/api.md). */
export const TELEGRAM_WIDGET_SCRIPT_URL = 'https://telegram.org/js/telegram-widget.js?22'

/**
 * The page-load query parameters of a login-widget redirect (`data-auth-url`; docs/modal.md "Telegram
 * return"): the fields of Telegram's auth result.
 */
export const telegramReturnParameters = [
  'id',
  'first_name',
  'last_name',
  'username',
  'photo_url',
  'auth_date',
  'hash',
] as const

/** The URL fragment key that carries a login-widget result as base64url JSON (`#tgAuthResult=…`). */
export const TELEGRAM_AUTH_RESULT_FRAGMENT = 'tgAuthResult'
