import type { Messages } from '../i18n/en'
import { formatMessage } from '../i18n/formatMessage'
import type { ErrorInfo } from './ErrorInfo'

/** What the OAuth status screen does with a failure. */
export type OAuthErrorOutcome =
  /** Stay on the status screen with this text; `retry`: whether 'Retry' is offered (spec 01 §4 "OAuth"). */
  | { kind: 'inline'; message: string; retry: boolean }
  /** Go to another screen (`error`: the login error screen with its own copy, Back returns here). */
  | { kind: 'accountNotFound' | 'userLimitReached' | 'error' }

/**
 * The OAuth copy by error code (spec 01 §8 "OAuth", as written; STYLE.md §3):
 *
 * | code | text | retry |
 * |---|---|---|
 * | `OAUTH_USER_DENIED` | 'Retry and check {scope} to finish connecting your account.' ({scope}: the provider's name) | yes |
 * | `UNKNOWN_AUTH_ERROR`, `invalid_credentials`, `oauth_state_mismatch`, `invalid_pkce_parameters`, `oauth_popup_closed`, `network_error`, `request_timeout`, anything else | 'Something went wrong. Please try again.' | yes |
 * | `oauth_account_suspended` | 'Your {provider} account is suspended. Please try another login method.' | no |
 * | `cannot_link_more_of_type` | 'You cannot authorize more than one account for this user.' | no |
 * | `linked_to_another_user` | 'This account has already been linked to another user.' | no |
 * | `oauth_origin_mismatch` | 'Origins between parent and child windows do not match.' | yes |
 * | `oauth_flow_missing` | 'Authentication error.' | yes |
 * | `too_many_requests` | the server's message (a provider rate limit), else 'Too many requests. Please wait before trying again.' | yes |
 * | `user_does_not_exist` | account-not-found screen | |
 * | `max_accounts_reached` | user-limit screen | |
 * | `allowlist_rejected`, `disallowed_login_method`, `signup_disabled`, `invalid_captcha`, `invalid_origin` | login error screen | |
 *
 * @param error - from `toErrorInfo`
 * @param providerName - the provider's display name ('Google', or 'Unknown')
 * @example
 * oauthErrorOutcome({ code: 'OAUTH_USER_DENIED' }, 'Google', en)
 * // { kind: 'inline', message: 'Retry and check Google to finish connecting your account.', retry: true }
 */
export function oauthErrorOutcome(
  error: ErrorInfo,
  providerName: string,
  messages: Messages,
): OAuthErrorOutcome {
  const m = messages.oauth
  const inline = (message: string, retry = true): OAuthErrorOutcome => ({ kind: 'inline', message, retry })
  switch (error.code) {
    case 'OAUTH_USER_DENIED':
      return inline(formatMessage(m.denied, { scope: providerName }))
    case 'oauth_account_suspended':
      return inline(formatMessage(m.suspended, { provider: providerName }), false)
    case 'cannot_link_more_of_type':
      return inline(m.cannotLinkMore, false)
    case 'linked_to_another_user':
      return inline(m.linkedToAnotherUser, false)
    case 'oauth_origin_mismatch':
      return inline(m.originMismatch)
    case 'oauth_flow_missing':
      return inline(m.authenticationError)
    case 'too_many_requests':
      return inline(error.message ?? m.tooManyRequests)
    case 'user_does_not_exist':
      return { kind: 'accountNotFound' }
    case 'max_accounts_reached':
      return { kind: 'userLimitReached' }
    case 'allowlist_rejected':
    case 'disallowed_login_method':
    case 'signup_disabled':
    case 'invalid_captcha':
    case 'invalid_origin':
      return { kind: 'error' }
    default:
      return inline(m.unknownError)
  }
}
