import type { AppConfig } from '@foyer/protocol'
import type { Messages } from '../i18n/en'
import { sanitizeLinkUrl } from '../theme/sanitizeLinkUrl'
import type { ErrorInfo } from './ErrorInfo'

/** What the error screen shows: title, detail, button text, and a link when the button navigates. */
export type ErrorScreenCopy = {
  title: string
  detail: string
  button: string
  /** When set, the button is a link to this `http(s)` URL (allowlist `cta_link`); else it goes back. */
  href?: string
}

/**
 * The error screen's copy for an error, by code — the one place codes map to copy (spec 01 §8 "Login
 * error screen"; STYLE.md §3):
 *
 * | code | title / detail / button |
 * |---|---|
 * | `request_timeout` | error's message / — / 'Try again' |
 * | `invalid_captcha` | 'Something went wrong' / 'Please try again.' / 'Try again' (Back returns to the captcha screen, which runs a fresh challenge: the captcha resets) |
 * | `captcha_failed` | 'Something went wrong' / 'You did not pass CAPTCHA. Please try again.' / 'Try again' |
 * | `CAPTCHA_TIMEOUT` | 'Something went wrong' / 'Something went wrong! Please try again later.' / 'Try again' |
 * | `unsupported_captcha_site_key` | 'Something went wrong' / 'Unsupported captcha site key' / 'Try again' |
 * | `disallowed_login_method` | 'Not allowed' / server message / 'Try another method' |
 * | `allowlist_rejected` | app's `allowlist_config` texts, else "You don't have access to this app" / 'Have you been invited?' / 'Try another account' (link when `cta_link`) |
 * | `linked_to_another_user` | 'Authentication failed' / 'This account has already been linked to another user.' / 'Try again' |
 * | `too_many_requests` | 'Request failed' / 'Too many attempts.' / 'Try again later' |
 * | `region_not_supported` | 'This region is not supported' / 'SMS authentication from this region is not available' / 'Try another method' |
 * | other HTTP 400 or 422 | 'Something went wrong' / server message / 'Try again' |
 * | `network_error` | 'Something went wrong' / 'Check your connection and try again.' / 'Try again' |
 * | anything else | 'Something went wrong' / 'Try again later' / 'Try again' |
 *
 * @param error - `{ code, status?, message? }` from `toErrorInfo`
 * @param messages - the locale's messages
 * @param appConfig - the app configuration (allowlist texts), when loaded
 */
export function errorScreenCopy(
  error: ErrorInfo,
  messages: Messages,
  appConfig?: Pick<AppConfig, 'allowlist_config'> | null,
): ErrorScreenCopy {
  const m = messages.error
  switch (error.code) {
    case 'request_timeout':
      return { title: m.somethingWentWrong, detail: error.message ?? m.timedOut, button: m.tryAgain }
    case 'invalid_captcha':
      return { title: m.somethingWentWrong, detail: m.pleaseTryAgain, button: m.tryAgain }
    case 'captcha_failed':
      return { title: m.somethingWentWrong, detail: m.captchaFailed, button: m.tryAgain }
    case 'CAPTCHA_TIMEOUT':
      return { title: m.somethingWentWrong, detail: m.captchaTimeout, button: m.tryAgain }
    case 'unsupported_captcha_site_key':
      return { title: m.somethingWentWrong, detail: m.unsupportedCaptchaSiteKey, button: m.tryAgain }
    case 'disallowed_login_method':
      return { title: m.notAllowed, detail: error.message ?? m.tryAgainLater, button: m.tryAnotherMethod }
    case 'allowlist_rejected': {
      const custom = appConfig?.allowlist_config
      const href = sanitizeLinkUrl(custom?.cta_link)
      return {
        title: custom?.error_title || m.allowlistTitle,
        detail: custom?.error_detail || m.allowlistDetail,
        button: custom?.cta_text || m.allowlistButton,
        ...(href ? { href } : {}),
      }
    }
    case 'linked_to_another_user':
      return { title: m.authenticationFailed, detail: m.linkedToAnotherUser, button: m.tryAgain }
    case 'too_many_requests':
      return { title: m.requestFailed, detail: m.tooManyAttempts, button: m.tryAgainLater }
    case 'region_not_supported':
      return {
        title: m.regionNotSupportedTitle,
        detail: m.regionNotSupportedDetail,
        button: m.tryAnotherMethod,
      }
    case 'network_error':
      return { title: m.somethingWentWrong, detail: m.networkError, button: m.tryAgain }
  }
  if ((error.status === 400 || error.status === 422) && error.message) {
    return { title: m.somethingWentWrong, detail: error.message, button: m.tryAgain }
  }
  return { title: m.somethingWentWrong, detail: m.tryAgainLater, button: m.tryAgain }
}
