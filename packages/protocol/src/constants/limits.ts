/** Length of an app id, in characters (docs/limits.md). */
export const APP_ID_LENGTH = 25

/** Number of digits in a one-time code (docs/limits.md). */
export const CODE_LENGTH = 6
/** Lifetime of a one-time code, in seconds (docs/security.md property 2: ≤ 10 min). */
export const CODE_TTL_SECONDS = 600
/** Wrong attempts after which a one-time code is dead (docs/security.md property 3). */
export const CODE_MAX_ATTEMPTS = 5
/** Minimum time between two code sends to one destination, in seconds (docs/limits.md). */
export const CODE_RESEND_COOLDOWN_SECONDS = 30
/** Time after a non-numeric entry before the code boxes reset, in ms (docs/limits.md). */
export const CODE_ERROR_RESET_MS = 1400

/** Default access-token lifetime, in seconds (docs/security.md property 17: ≤ 1 h). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600
/** An access token counts as expired this long before its `exp`, in ms (docs/limits.md). */
export const ACCESS_TOKEN_EXPIRY_SKEW_MS = 30_000
/** Absolute session lifetime, in seconds (30 days; docs/limits.md refresh-presence cookie). */
export const SESSION_ABSOLUTE_TTL_SECONDS = 30 * 24 * 3600

/** HTTP statuses the client retries (docs/api.md). */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 500, 502, 503, 504]
/** Number of retries after the first attempt (docs/api.md). */
export const RETRY_COUNT = 3
/** Delay before the first retry, in ms; tripled on each further retry (docs/api.md). */
export const RETRY_BASE_DELAY_MS = 500
/** Default request timeout, in ms (configurable). */
export const REQUEST_TIMEOUT_MS = 20_000

/** Modal width in px above the mobile breakpoint, and the breakpoint itself (docs/limits.md). */
export const MODAL_WIDTH_PX = 360
export const MOBILE_BREAKPOINT_PX = 440
/** Delay before the landing view resets after closing, in ms (docs/modal.md). */
export const LANDING_RESET_DELAY_MS = 150
