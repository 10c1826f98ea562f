import { BaseError } from '../errors/BaseError'

/** The codes of {@link CaptchaError}. */
export type CaptchaErrorCode =
  /** No result within the wait (20 s; docs/modal.md "Captcha status", docs/errors.md). */
  | 'CAPTCHA_TIMEOUT'
  /** The challenge failed (after its retries) or an interactive challenge timed out. */
  | 'captcha_failed'
  /** Turnstile's script could not be loaded or did not define `window.turnstile`. */
  | 'captcha_unavailable'
  /** The app's site key is missing or lacks the `t:` prefix (docs/limits.md). */
  | 'unsupported_captcha_site_key'

const messages: Record<CaptchaErrorCode, string> = {
  CAPTCHA_TIMEOUT: 'Captcha failed',
  captcha_failed: 'Captcha failed',
  captcha_unavailable: 'Captcha unavailable',
  unsupported_captcha_site_key: 'Unsupported captcha site key',
}

/**
 * A captcha could not produce a token (docs/modal.md "Captcha status", docs/errors.md): `CAPTCHA_TIMEOUT` and
 * `captcha_failed` carry the documented message 'Captcha failed'; `details` holds Turnstile's error code when
 * there is one; `unsupported_captcha_site_key` is 'Unsupported captcha site key'.
 *
 * @example
 * catch (error) {
 *   if (error instanceof CaptchaError && error.code === 'CAPTCHA_TIMEOUT') showTryLater()
 * }
 */
export class CaptchaError extends BaseError {
  override name = 'CaptchaError'
  declare readonly code: CaptchaErrorCode

  constructor(parameters: { code: CaptchaErrorCode; details?: string | undefined; cause?: unknown }) {
    super(messages[parameters.code], parameters)
  }
}
