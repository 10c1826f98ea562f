import type { ErrorInfo } from '../../../errors/ErrorInfo'
import type { Messages } from '../../../i18n/en'

/** What the code screen does with a failed verification. */
export type VerifyErrorOutcome =
  /** Stay, show this message under the boxes and clear them for another try. */
  | { kind: 'inline'; message: (messages: Messages) => string }
  /** Go to another screen (Back returns to the code screen for `error`). */
  | { kind: 'accountNotFound' | 'userLimitReached' | 'error' }
  /** Return to landing with the plus-email hint. */
  | { kind: 'landingPlusEmail' }

/**
 * Maps a failed `loginWithEmailCode` to the code screen's reaction, by error code (spec 01 §8
 * "Passwordless code"; STYLE.md §3):
 * `invalid_credentials` → inline 'Invalid or expired verification code'; `user_does_not_exist` → account
 * not found; `max_accounts_reached` → user limit; `too_many_requests`, `linked_to_another_user`,
 * `allowlist_rejected`, `disallowed_login_method`, `signup_disabled`, `region_not_supported` → error screen;
 * `cannot_link_more_of_type` → inline server message (link mode);
 * `disallowed_plus_email` → landing with its inline error; anything else → inline 'Issue verifying code'.
 *
 * @example
 * verifyErrorOutcome({ code: 'invalid_credentials' }) // { kind: 'inline', message: m => m.awaitingCode.invalidCode }
 */
export function verifyErrorOutcome(error: ErrorInfo): VerifyErrorOutcome {
  switch (error.code) {
    case 'invalid_credentials':
      return { kind: 'inline', message: (m) => m.awaitingCode.invalidCode }
    case 'user_does_not_exist':
      return { kind: 'accountNotFound' }
    case 'max_accounts_reached':
      return { kind: 'userLimitReached' }
    case 'too_many_requests':
    case 'linked_to_another_user':
    case 'allowlist_rejected':
    case 'disallowed_login_method':
    case 'signup_disabled':
    case 'region_not_supported':
      return { kind: 'error' }
    case 'disallowed_plus_email':
      return { kind: 'landingPlusEmail' }
    case 'cannot_link_more_of_type':
      // Spec 01 §8: "Cannot link more of a type shows the server message."
      return { kind: 'inline', message: (m) => error.message ?? m.awaitingCode.genericError }
    default:
      return { kind: 'inline', message: (m) => m.awaitingCode.genericError }
  }
}
