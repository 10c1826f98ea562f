import type { Feature } from '../../FoyerPlugin'
import { METHOD_RATE_LIMIT } from '../../http/resolveRateLimits'
import { smsSenderFor, type TwilioOptions } from '../sms/smsSender'
import { mfaRoutes } from './routes'

/**
 * `mfa({ twilio })`: Twilio for the SMS factor's codes (as `sms({ twilio })`); without it they reach only
 * the dev mailbox, and in production the SMS factor answers `twilio_verification_failed`.
 */
export type MfaOptions = { twilio?: TwilioOptions | undefined }

/**
 * Multi-factor authentication: TOTP, SMS and passkey factors, their enrolment and verification
 * (`/api/v1/mfa/*`; docs/mfa.md, docs/plugins.md). The wallets' MFA checks do not depend on it being
 * listed: without it nobody can enrol.
 *
 * @example createApp({ db, masterKey, features: [mfa({ twilio })] })
 */
export function mfa(options: MfaOptions = {}) {
  return {
    id: 'mfa',
    options,
    routes: (app, { context }) =>
      mfaRoutes(app, { context: { ...context, sms: smsSenderFor(context, options.twilio) } }),
    rateLimits: { mfa: METHOD_RATE_LIMIT },
    errorCodes: [
      'invalid_request',
      'mfa_timeout',
      'mfa_verification_max_attempts_reached',
      'missing_or_invalid_mfa',
      'missing_or_invalid_token',
      'not_supported',
      'twilio_verification_failed',
    ],
    settings: ['mfa_methods'],
  } as const satisfies Feature<'mfa', MfaOptions>
}
