import type { LoginStart } from '../LoginStart'

/**
 * Params of the captcha screen (spec 01 §4 "Starting a login"): the login it guards, continued with the
 * token on success.
 */
export type CaptchaParams = { start: LoginStart }
