import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../../ServerContext'
import { createDestinationLimit, type DestinationLimitCheck } from '../passwordless/createDestinationLimit'

/** The rate-limit key of the SMS sends to `phoneNumber` (E.164) in the app `appId`. */
export function smsSendKey(appId: string, phoneNumber: string): string {
  return `sms-send:${appId}:${phoneNumber}`
}

const limits = new WeakMap<object, DestinationLimitCheck>()

/**
 * The per-number cap on SMS code sends (`rateLimits.codeSendsPerDestination`) of the server `context` (one
 * per `context.instance`, whichever plugin's copy of the context asks), ONE
 * count shared by the sign-in and link codes (`passwordless_sms/init`) and the MFA codes
 * (`mfa/passwordless_sms/init`), so a number gets no more texts by mixing the two (docs/mfa.md#sms). Call
 * the check with {@link smsSendKey}; over the cap it throws 429 `too_many_requests` with `Retry-After`.
 *
 * @example
 * const checkNumber = smsSendLimit(app, context)
 * await checkNumber(request, reply, smsSendKey(foyerApp.id, phoneNumber))
 */
export function smsSendLimit(app: FastifyInstance, context: ServerContext): DestinationLimitCheck {
  let check = limits.get(context.instance)
  if (!check) {
    check = createDestinationLimit(app, context, () => 'sms-send:unkeyed')
    limits.set(context.instance, check)
  }
  return check
}
