import type { Messages } from '../../../i18n/en'

/**
 * The text of a failed passkey call (spec 01 §8 "Passkey"): `PASSKEY_NOT_ALLOWED` → 'Passkey request timed
 * out or rejected by user.'; `cannot_link_more_of_type` → 'Cannot link more passkeys to account.';
 * `webauthn_not_supported` → 'WebAuthn is not supported in this browser'; `invalid_captcha` → 'Please try
 * again.' (spec 01 §8 "Invalid captcha"; 'Try again' runs a fresh captcha); otherwise 'Unknown error occurred.'
 *
 * @example passkeyErrorMessage('PASSKEY_NOT_ALLOWED', en) // 'Passkey request timed out or rejected by user.'
 */
export function passkeyErrorMessage(code: string, messages: Messages): string {
  const m = messages.passkey
  if (code === 'PASSKEY_NOT_ALLOWED') return m.notAllowed
  if (code === 'cannot_link_more_of_type') return m.cannotLinkMore
  if (code === 'webauthn_not_supported') return m.notSupported
  if (code === 'invalid_captcha') return messages.error.pleaseTryAgain
  return m.unknownError
}
