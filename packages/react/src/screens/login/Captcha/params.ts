import type { LoginStart } from '../LoginStart'

/**
 * Params of the captcha screen (docs/modal.md "Starting a login"): the login it guards, continued with the
 * token on success.
 */
export type CaptchaParams = { start: LoginStart }
