// `@foyer/core/captcha`: Cloudflare Turnstile for the captcha-protected sign-in starts (docs/modal.md
// "Starting a login", "Captcha status"). A separate entry so that the sign-in bundle carries none of it:
// `@foyer/react` loads it with the captcha screen, and only for apps with `captcha_enabled`
// (docs/architecture.md "Budgets").

export { CaptchaError, type CaptchaErrorCode } from '../captcha/CaptchaError'
export {
  CAPTCHA_EXECUTE_DELAY_MS,
  CAPTCHA_POLL_INTERVAL_MS,
  CAPTCHA_RETRIES,
  CAPTCHA_RETRY_DELAY_MS,
  CAPTCHA_TIMEOUT_MS,
  type CaptchaController,
  type CaptchaState,
  type CaptchaStatus,
  type CreateCaptchaControllerParameters,
  createCaptchaController,
} from '../captcha/createCaptchaController'
export { loadTurnstile, TURNSTILE_SCRIPT_URL } from '../captcha/loadTurnstile'
export { siteKeyOf } from '../captcha/siteKeyOf'
export type { Turnstile, TurnstileRenderParameters } from '../captcha/Turnstile'
