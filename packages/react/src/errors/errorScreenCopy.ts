import type { AppConfig } from '@foyer/protocol'
import type { Messages } from '../i18n/Messages'
import { sanitizeLinkUrl } from '../theme/sanitizeLinkUrl'
import { copyText } from './copyText'
import type { ErrorInfo } from './ErrorInfo'
import { errorRow, flowDefaults } from './errorTable'

/** What the error screen shows: title, detail, button text, and a link when the button navigates. */
export type ErrorScreenCopy = {
  title: string
  detail: string
  button: string
  /** When set, the button is a link to this `http(s)` URL (allowlist `cta_link`); else it goes back. */
  href?: string
}

/**
 * The login error screen's copy for an error (docs/errors.md "Login error screen"): the `login` entry of the
 * code's row in the one error table (`errorTable`), else the default — 'Something went wrong' with the
 * server's message for an HTTP 400 or 422, else 'Try again later'. For `allowlist_rejected` the app's
 * `allowlist_config` texts replace the defaults, and a safe `cta_link` makes the button a link.
 *
 * @param error - `{ code, status?, message? }` from `toErrorInfo`
 * @param messages - the locale's messages
 * @param appConfig - the app configuration (allowlist texts), when loaded
 *
 * @example errorScreenCopy({ code: 'too_many_requests' }, en) // { title: 'Request failed', detail: 'Too many attempts.', button: 'Try again later' }
 */
export function errorScreenCopy(
  error: ErrorInfo,
  messages: Messages,
  appConfig?: Pick<AppConfig, 'allowlist_config'> | null,
): ErrorScreenCopy {
  const entry = errorRow(error.code)?.login ?? flowDefaults.login
  const copy = {
    title: copyText(entry.title, error, messages),
    detail: copyText(entry.detail, error, messages),
    button: copyText(entry.button, error, messages),
  }
  if (!entry.allowlist) return copy
  const custom = appConfig?.allowlist_config
  const href = sanitizeLinkUrl(custom?.cta_link)
  return {
    title: custom?.error_title || copy.title,
    detail: custom?.error_detail || copy.detail,
    button: custom?.cta_text || copy.button,
    ...(href ? { href } : {}),
  }
}
