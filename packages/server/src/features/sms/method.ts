import type { SignInMethod } from '../../FoyerPlugin'
import { METHOD_RATE_LIMIT } from '../../http/resolveRateLimits'
import { phoneAccountKind } from './account'
import { smsRoutes } from './routes'
import { smsSenderFor, type TwilioOptions } from './smsSender'

/**
 * `sms({ twilio })`: Twilio (Messages REST API) for the codes: `accountSid`, `authToken`, `from`, `baseUrl`
 * (default https://api.twilio.com). Without it codes reach only the dev mailbox (outside production).
 */
export type SmsOptions = { twilio?: TwilioOptions | undefined }

/**
 * SMS one-time codes (`/api/v1/passwordless_sms/*`; docs/plugins.md).
 *
 * @example createApp({ db, masterKey, methods: [sms({ twilio: { accountSid, authToken, from } })] })
 */
export function sms(options: SmsOptions = {}) {
  return {
    id: 'sms',
    options,
    accounts: [phoneAccountKind],
    routes: (app, { context }) =>
      smsRoutes(app, { context: { ...context, sms: smsSenderFor(context, options.twilio) } }),
    rateLimits: { sms: METHOD_RATE_LIMIT },
    errorCodes: ['disallowed_login_method', 'invalid_data', 'not_supported', 'region_not_supported'],
    settings: ['sms_auth'],
  } as const satisfies SignInMethod<'sms', SmsOptions>
}
