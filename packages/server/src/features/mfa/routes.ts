import { endpoints } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { createDestinationLimit } from '../passwordless/createDestinationLimit'
import { requireSession } from '../sessions/requireSession'
import type { SmsContext } from '../sms/smsSender'
import { smsSendKey, smsSendLimit } from '../sms/smsSendLimit'
import type { MfaActor } from './completeEnrollment'
import { initPasskeyVerification, setPasskeyEnrollment, verifyPasskey } from './passkeyService'
import { enrollSms, initSms, unenrollSms, verifySms } from './smsService'
import { enrollTotp, initTotpEnrollment, unenrollTotp, verifyTotp } from './totpService'

function originOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin
  return typeof origin === 'string' ? origin : undefined
}

/**
 * Multi-factor verification (docs/mfa.md), all POST, all for a live session (the user is the session's):
 * - `/api/v1/mfa/totp/{init,enroll,verify,unenroll}` — authenticator app (RFC 6238);
 * - `/api/v1/mfa/passwordless_sms/{init,enroll,verify,unenroll}` — SMS codes through the server's sender;
 * - `/api/v1/mfa/passkeys/{init,verify,enrollment}` — passkeys, user verification required.
 * A verification is recorded for the session and opens the gates of `verifications.ts`.
 * Code-taking and code-sending calls are rate-limited per IP like the passwordless routes; SMS sends also
 * per account and per number (one count with sign-in SMS), and the 30 s resend cooldown (docs/mfa.md#sms).
 */
export const mfaRoutes: PluginRoutes<SmsContext> = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.mfa)
  const checkNumber = smsSendLimit(app, context)
  const checkAccount = createDestinationLimit(app, context, () => 'mfa-sms-account:unkeyed')
  const actor = async (request: FastifyRequest): Promise<MfaActor> => {
    const { app: foyerApp, sessionId, userId } = await requireSession(context, request)
    return { app: foyerApp, sessionId, userId }
  }
  const reply = <T>(value: T, response: { header(name: string, value: string): unknown }) => {
    response.header('cache-control', 'no-store')
    return value
  }

  endpointRoute(app, endpoints['POST /api/v1/mfa/totp/init'], { config }, async (request, response) =>
    reply(await initTotpEnrollment(context, await actor(request)), response),
  )
  endpointRoute(app, endpoints['POST /api/v1/mfa/totp/enroll'], { config }, async (request) =>
    enrollTotp(context, await actor(request), request.body.code),
  )
  endpointRoute(app, endpoints['POST /api/v1/mfa/totp/verify'], { config }, async (request) =>
    verifyTotp(context, await actor(request), request.body.code),
  )
  endpointRoute(app, endpoints['POST /api/v1/mfa/totp/unenroll'], {}, async (request) =>
    unenrollTotp(context, await actor(request)),
  )

  endpointRoute(
    app,
    endpoints['POST /api/v1/mfa/passwordless_sms/init'],
    { config },
    async (request, reply) => {
      const who = await actor(request)
      // The sign-in SMS throttles: per-IP (`config`), per account, per number (shared with sign-in codes).
      return initSms(context, who, request.body, async (phoneNumber) => {
        await checkAccount(request, reply, `mfa-sms-account:${who.app.id}:${who.userId}`)
        await checkNumber(request, reply, smsSendKey(who.app.id, phoneNumber))
      })
    },
  )
  endpointRoute(app, endpoints['POST /api/v1/mfa/passwordless_sms/enroll'], { config }, async (request) =>
    enrollSms(context, await actor(request), request.body),
  )
  endpointRoute(app, endpoints['POST /api/v1/mfa/passwordless_sms/verify'], { config }, async (request) =>
    verifySms(context, await actor(request), request.body.code),
  )
  endpointRoute(app, endpoints['POST /api/v1/mfa/passwordless_sms/unenroll'], {}, async (request) =>
    unenrollSms(context, await actor(request)),
  )

  endpointRoute(app, endpoints['POST /api/v1/mfa/passkeys/init'], { config }, async (request) =>
    initPasskeyVerification(context, await actor(request), {
      origin: originOf(request),
      relyingParty: request.body.relying_party,
    }),
  )
  endpointRoute(app, endpoints['POST /api/v1/mfa/passkeys/verify'], { config }, async (request) =>
    verifyPasskey(context, await actor(request), request.body.authenticator_response),
  )
  endpointRoute(app, endpoints['POST /api/v1/mfa/passkeys/enrollment'], {}, async (request) =>
    setPasskeyEnrollment(context, await actor(request), request.body.credential_ids),
  )
}
