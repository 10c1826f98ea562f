import type { Messages } from '../../i18n/Messages'

/**
 * The documented text (docs/errors.md) of an MFA failure, and whether it blocks input: a wrong code → 'The
 * code you entered is not valid'; `mfa_verification_max_attempts_reached` and `mfa_timeout` → their texts,
 * input blocked; an SMS send refused by the resend cooldown or a send cap (`too_many_requests`) → 'Too many
 * attempts.', input open (the code sent before still works); the browser's passkey dialog dismissed
 * (`PASSKEY_NOT_ALLOWED`) or the verification closed (`mfa_canceled`) → 'Verification canceled', input open;
 * otherwise 'Something went wrong.'.
 *
 * @example mfaErrorText(error, messages) // { text: 'The code you entered is not valid', blocks: false }
 */
export function mfaErrorText(error: unknown, messages: Messages): { text: string; blocks: boolean } {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'mfa_verification_max_attempts_reached')
    return { text: messages.mfa.maxAttempts, blocks: true }
  if (code === 'mfa_timeout') return { text: messages.mfa.timeout, blocks: true }
  if (code === 'missing_or_invalid_mfa') return { text: messages.mfa.invalidCode, blocks: false }
  // A code was texted to the number within 30 s, or its send cap is reached: the last code still works.
  if (code === 'too_many_requests') return { text: messages.error.tooManyAttempts, blocks: false }
  if (code === 'PASSKEY_NOT_ALLOWED' || code === 'mfa_canceled')
    return { text: messages.mfa.canceled, blocks: false }
  return { text: messages.mfa.unknownError, blocks: false }
}
