import type { ErrorCode } from '@foyer/protocol'

/**
 * HTTP status for each error code (contract "HTTP status per error code"). Never 409 for a client mistake:
 * clients retry 409 (spec 01 §7).
 */
export const errorStatus: Record<ErrorCode, number> = {
  invalid_data: 400,
  invalid_request: 400,
  invalid_credentials: 401,
  missing_or_invalid_token: 401,
  invalid_origin: 403,
  missing_origin: 403,
  disallowed_plus_email: 422,
  disallowed_login_method: 403,
  user_does_not_exist: 404,
  not_found: 404,
  signup_disabled: 403,
  allowlist_rejected: 403,
  max_accounts_reached: 403,
  too_many_requests: 429,
  internal_error: 500,
  linked_to_another_user: 400,
  cannot_link_more_of_type: 400,
  account_transfer_required: 400,
  invalid_captcha: 400,
  oauth_state_mismatch: 400,
  invalid_pkce_parameters: 400,
  oauth_account_suspended: 403,
  cannot_unlink_embedded_wallet: 400,
  cannot_unlink_sole_account: 400,
  missing_or_invalid_mfa: 403,
  terms_not_accepted: 403,
  mfa_timeout: 403,
  mfa_verification_max_attempts_reached: 403,
  twilio_verification_failed: 400,
  passkey_not_registered: 400,
  resource_conflict: 400,
  not_supported: 400,
  region_not_supported: 400,
  cross_app_connection_not_allowed: 403,
}
