import { authenticationResponseFromWire, endpoints, registrationResponseFromWire } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import type { LoadedApp } from '../apps/service'
import { assertCaptcha } from '../captcha/verifyCaptcha'
import { assertMfaVerified } from '../mfa/verifications'
import { answerWithSession } from '../sessions/answerSignIn'
import { optionalSession } from '../sessions/optionalSession'
import { requireSession } from '../sessions/requireSession'
import { requireUserJson } from '../users/service'
import {
  assertPasskeySignupAllowed,
  assertPasskeysEnabled,
  authenticateWithPasskey,
  initPasskeyAuthentication,
  initPasskeyLink,
  initPasskeySignup,
  linkPasskey,
  relyingPartyOf,
  signUpWithPasskey,
  unlinkPasskey,
} from './service'

function originOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin
  return typeof origin === 'string' ? origin : undefined
}

/**
 * Passkey sign-in, sign-up and linking (docs/passkeys.md), all
 * POST, options and credentials in the wire's snake_case (docs/passkeys.md#wire):
 * - `/api/v1/passkeys/authenticate/init` `{ token? }` → `{ relying_party, options }` (captcha `token` when the
 *   app has `captcha_enabled`, see `assertCaptcha`);
 * - `/api/v1/passkeys/authenticate` `{ relying_party, challenge, authenticator_response }` → auth response;
 * - `/api/v1/passkeys/register/init` `{ token? }` → `{ relying_party, options }` (creation; captcha as above;
 *   403 `disallowed_login_method` unless the app has `passkeys_for_signup_enabled`, 403
 *   `allowlist_rejected` under an allow-list);
 * - `/api/v1/passkeys/register` `{ relying_party, authenticator_response }` → auth response of a new user
 *   (`is_new_user: true`; 403 `max_accounts_reached` at the user limit);
 * - `/api/v1/passkeys/link/init` (session) → `{ relying_party, options }`;
 * - `/api/v1/passkeys/link` (session) `{ relying_party, authenticator_response }` → user;
 * - `/api/v1/passkeys/unlink` (session) `{ credential_id }` → user.
 * For a user with a second factor, link (from its init on) and unlink need a fresh MFA verification, spent
 * by the change (403 `missing_or_invalid_mfa`; docs/mfa.md#gates).
 * Every call needs an allowed `Origin` (403 `missing_origin` / `invalid_origin`); the RP ID is its hostname.
 * Sign-in needs the app's `passkey_auth` (403 `disallowed_login_method`).
 */
export const passkeyRoutes: PluginRoutes = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.passkey)

  /**
   * The app and relying party of a sign-in ceremony's init, once `assertAllowed` passed and the captcha
   * `token` was checked: captcha before a challenge is issued, as for every sign-in's init (docs/security.md
   * property 56, docs/passkeys.md#sign-up).
   */
  async function initCeremony(
    request: FastifyRequest,
    token: string | undefined,
    assertAllowed: (foyerApp: LoadedApp) => void,
  ): Promise<{ foyerApp: LoadedApp; relyingParty: ReturnType<typeof relyingPartyOf> }> {
    const foyerApp = await requireApp(context, request)
    assertAllowed(foyerApp)
    const relyingParty = relyingPartyOf(foyerApp, originOf(request))
    await assertCaptcha(context, foyerApp, request, {
      token,
      session: await optionalSession(context, request),
    })
    return { foyerApp, relyingParty }
  }

  endpointRoute(app, endpoints['POST /api/v1/passkeys/authenticate/init'], { config }, async (request) => {
    const { foyerApp, relyingParty } = await initCeremony(request, request.body.token, assertPasskeysEnabled)
    return initPasskeyAuthentication(context, foyerApp, relyingParty)
  })
  endpointRoute(app, endpoints['POST /api/v1/passkeys/authenticate'], { config }, async (request, reply) => {
    const foyerApp = await requireApp(context, request)
    assertPasskeysEnabled(foyerApp)
    const { userId } = await authenticateWithPasskey(context, foyerApp, {
      relyingParty: relyingPartyOf(foyerApp, originOf(request)),
      claimedRpId: request.body.relying_party,
      challenge: request.body.challenge,
      response: authenticationResponseFromWire(request.body.authenticator_response),
    })
    return answerWithSession(context, request, reply, foyerApp, { userId, isNewUser: false })
  })
  endpointRoute(app, endpoints['POST /api/v1/passkeys/register/init'], { config }, async (request) => {
    const { foyerApp, relyingParty } = await initCeremony(
      request,
      request.body.token,
      assertPasskeySignupAllowed,
    )
    return initPasskeySignup(context, foyerApp, relyingParty)
  })
  endpointRoute(app, endpoints['POST /api/v1/passkeys/register'], { config }, async (request, reply) => {
    const foyerApp = await requireApp(context, request)
    assertPasskeySignupAllowed(foyerApp)
    const { userId } = await signUpWithPasskey(context, foyerApp, {
      relyingParty: relyingPartyOf(foyerApp, originOf(request)),
      claimedRpId: request.body.relying_party,
      response: registrationResponseFromWire(request.body.authenticator_response),
      userAgent: request.headers['user-agent'],
    })
    return answerWithSession(context, request, reply, foyerApp, { userId, isNewUser: true })
  })
  endpointRoute(app, endpoints['POST /api/v1/passkeys/link/init'], {}, async (request) => {
    const { app: foyerApp, sessionId, userId } = await requireSession(context, request)
    // Adding a passkey to a user with a second factor needs a fresh verification (docs/mfa.md#gates).
    await assertMfaVerified(context, { sessionId, userId, need: 'fresh' })
    return initPasskeyLink(context, foyerApp, {
      relyingParty: relyingPartyOf(foyerApp, originOf(request)),
      userId,
    })
  })
  endpointRoute(app, endpoints['POST /api/v1/passkeys/link'], {}, async (request) => {
    const { app: foyerApp, sessionId, userId } = await requireSession(context, request)
    await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
    await linkPasskey(context, foyerApp, {
      relyingParty: relyingPartyOf(foyerApp, originOf(request)),
      claimedRpId: request.body.relying_party,
      userId,
      response: registrationResponseFromWire(request.body.authenticator_response),
      userAgent: request.headers['user-agent'],
    })
    return requireUserJson(context, userId)
  })
  endpointRoute(app, endpoints['POST /api/v1/passkeys/unlink'], {}, async (request) => {
    const { app: foyerApp, sessionId, userId } = await requireSession(context, request)
    // So is removing one (docs/mfa.md#gates).
    await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
    await unlinkPasskey(context, foyerApp, { userId, credentialId: request.body.credential_id })
    return requireUserJson(context, userId)
  })
}
