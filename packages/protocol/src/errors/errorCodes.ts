/**
 * Every error code the server may answer with, in `{ error, code }` bodies (docs/api.md).
 * This list is the single source of truth: the server only emits these, the client maps them to typed errors.
 */
export const errorCodes = [
  'invalid_credentials',
  'invalid_data',
  'invalid_request',
  'linked_to_another_user',
  'cannot_link_more_of_type',
  'allowlist_rejected',
  'max_accounts_reached',
  'user_does_not_exist',
  'signup_disabled',
  'account_transfer_required',
  'disallowed_login_method',
  'disallowed_plus_email',
  'too_many_requests',
  'invalid_captcha',
  'missing_or_invalid_token',
  'invalid_origin',
  'missing_origin',
  'oauth_state_mismatch',
  'invalid_pkce_parameters',
  'oauth_account_suspended',
  'cannot_unlink_embedded_wallet',
  'cannot_unlink_sole_account',
  'missing_or_invalid_mfa',
  'terms_not_accepted',
  'mfa_timeout',
  'mfa_verification_max_attempts_reached',
  'twilio_verification_failed',
  'passkey_not_registered',
  'resource_conflict',
  'not_supported',
  'region_not_supported',
  'not_found',
  'internal_error',
  'cross_app_connection_not_allowed',
  'invalid_device_proof',
  'device_not_registered',
  'reauthentication_required',
  'telegram_data_already_used',
  'address_not_owned',
  'email_not_owned',
  'user_has_not_delegated_wallet',
  'invalid_authorization_signature',
  'policy_violation',
  'not_console_operator',
  'wallet_busy',
] as const

/** A snake_case error code from {@link errorCodes}. */
export type ErrorCode = (typeof errorCodes)[number]

/** True when `value` is one of the known {@link errorCodes}. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value)
}
