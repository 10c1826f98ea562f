import type { AppConfig } from '@foyer/protocol'
import { CaptchaError } from './CaptchaError'

/** The prefix of a Turnstile site key in the app configuration (docs/limits.md). */
const TURNSTILE_PREFIX = 't:'

/**
 * The Turnstile site key of an app: its `captcha_site_key` without the `t:` prefix (docs/limits.md "Captcha
 * site key must have a 't:' prefix").
 *
 * @param appConfig - the app configuration (`captcha_site_key`, e.g. `'t:1x00000000000000000000AA'`; ''
 *   or null when the app has none)
 * @returns the key to give Turnstile, e.g. `'1x00000000000000000000AA'`
 * @throws {CaptchaError} `'unsupported_captcha_site_key'` ('Unsupported captcha site key') when the key is
 *   missing or has another prefix
 * @example
 * siteKeyOf({ captcha_site_key: 't:1x00000000000000000000AA' }) // '1x00000000000000000000AA'
 */
export function siteKeyOf(appConfig: { captcha_site_key: AppConfig['captcha_site_key'] | null }): string {
  const key = appConfig.captcha_site_key
  if (!key?.startsWith(TURNSTILE_PREFIX) || key.length === TURNSTILE_PREFIX.length)
    throw new CaptchaError({ code: 'unsupported_captcha_site_key', details: key || 'none' })
  return key.slice(TURNSTILE_PREFIX.length)
}
