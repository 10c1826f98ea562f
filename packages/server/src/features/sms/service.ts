import { CODE_TTL_SECONDS, maskPhoneNumber } from '@foyer/protocol'
import { foyerError } from '../../errors/foyerError'
import type { LoadedApp } from '../apps/service'
import { type CodePurpose, issueCode } from '../passwordless/service'
import { linkedAccountWhere } from '../users/linkedAccountWhere'
import { linkedAccounts } from '../users/schema'
import { type SmsContext, SmsSendError } from './smsSender'

/**
 * Twilio error codes that mean the destination's region cannot be served (21408: permission for the
 * region not enabled; 21612: not reachable from the sender) → 400 `region_not_supported`.
 */
export const TWILIO_REGION_ERROR_CODES: ReadonlySet<number> = new Set([21408, 21612])
/** Twilio error codes that mean the number itself is unusable (21211: invalid 'To'; 21614: not SMS-capable). */
export const TWILIO_INVALID_NUMBER_CODES: ReadonlySet<number> = new Set([21211, 21614])

/** Throws 403 `disallowed_login_method` 'Login with SMS not allowed.' unless the app has `sms_auth` on. */
export function assertSmsEnabled(app: LoadedApp): void {
  if (!app.settings.sms_auth) throw foyerError('smsLoginNotAllowed')
}

/** The text of a login-code SMS. */
export function renderLoginCodeSms(parameters: {
  appName: string
  code: string
  ttlMinutes: number
}): string {
  return `${parameters.code} is your ${parameters.appName} login code. It expires in ${parameters.ttlMinutes} minutes.`
}

/**
 * Issues a code for the E.164 number `phoneNumber` and texts it (docs/api.md `passwordless_sms/init`): the
 * same code rules as email (the shared {@link issueCode}: CSPRNG, HMAC at rest, 10 min, 30 s cooldown,
 * resend invalidates, bound to app + number + purpose). Provider errors map to 400 `region_not_supported`
 * (Twilio 21408, 21612), 400 `invalid_data` (21211, 21614) or 500 `internal_error`; the code is then dead.
 * Throws 429 `too_many_requests` within the cooldown, and 400 `not_supported` in production when no SMS
 * provider is configured.
 */
export async function sendSmsCode(
  context: SmsContext,
  app: LoadedApp,
  phoneNumber: string,
  purpose: CodePurpose,
): Promise<void> {
  // Neither a provider nor the dev mailbox: refuse before issuing a code that could never arrive.
  if (!context.sms.delivers && !context.mailbox) throw foyerError('smsSignInNotConfigured')
  await issueCode(context, app, {
    destination: phoneNumber,
    purpose,
    deliver: async (code) => {
      const body = renderLoginCodeSms({
        appName: app.name,
        code,
        ttlMinutes: Math.round(CODE_TTL_SECONDS / 60),
      })
      try {
        await context.sms.send({ to: phoneNumber, body, code })
      } catch (error) {
        const providerCode = error instanceof SmsSendError ? error.providerCode : null
        if (providerCode !== null && TWILIO_REGION_ERROR_CODES.has(providerCode))
          throw foyerError('smsRegionNotSupported')
        if (providerCode !== null && TWILIO_INVALID_NUMBER_CODES.has(providerCode))
          throw foyerError('invalidPhoneNumber')
        context.log.error(
          { err: error, to: maskPhoneNumber(phoneNumber) },
          'sending the login code SMS failed',
        )
        throw foyerError('codeNotSent')
      }
    },
  })
}

/** True when `userId` has the phone account `phoneNumber` (E.164). */
export async function hasPhoneNumber(
  context: SmsContext,
  parameters: { appId: string; userId: string; phoneNumber: string },
): Promise<boolean> {
  const [row] = await context.db.orm
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .where(
      linkedAccountWhere({
        appId: parameters.appId,
        userId: parameters.userId,
        type: 'phone',
        subject: parameters.phoneNumber,
      }),
    )
    .limit(1)
  return Boolean(row)
}
