// Captcha settings of `createApp` and of the `ServerContext`, apart from `verifyCaptcha` so that the context
// type does not import the code that uses it.

/** Cloudflare Turnstile's server-side validation endpoint (the default `captcha.verifyUrl`). */
export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
/**
 * Default time allowed for one siteverify call, in ms (docs/security.md property 56: fail closed on timeout).
 */
export const CAPTCHA_VERIFY_TIMEOUT_MS = 5000

/** `createApp({ captcha })`: where and how long to verify captcha tokens. */
export type CaptchaOptions = {
  /** Siteverify URL (form-encoded POST); default {@link TURNSTILE_SITEVERIFY_URL}. A stand-in in tests. */
  verifyUrl?: string | undefined
  /** Time allowed for one siteverify call, in ms (1–60000); default {@link CAPTCHA_VERIFY_TIMEOUT_MS}. */
  timeoutMs?: number | undefined
}

/** The resolved {@link CaptchaOptions} in `ServerContext.captcha`. */
export type CaptchaSettings = { verifyUrl: string; timeoutMs: number }
