import { endpoints, FARCASTER_CHANNEL_TOKEN_HEADER, farcasterStatusHeadersSchema } from '@foyer/protocol'
import type { FastifyRequest } from 'fastify'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import type { LoadedApp } from '../apps/service'
import { assertCaptcha } from '../captcha/verifyCaptcha'
import { answerSignIn } from '../sessions/answerSignIn'
import { optionalSession } from '../sessions/optionalSession'
import { accountRoutes } from '../users/accountRoutes'
import { type FarcasterDetails, farcasterAccountKind, farcasterSubject } from './account'
import { fetchFarcasterProfile } from './fetchFarcasterProfile'
import {
  assertFarcasterLoginAllowed,
  farcasterChannelStatus,
  openFarcasterChannel,
  proveFarcasterAccount,
  relyingParty,
} from './service'
import type { FarcasterContext } from './settings'

type SignedBody = { channel_token: string; message: string; signature: string; fid: number }

/**
 * Sign In With Farcaster through an auth relay (docs/sessions.md, docs/api.md; docs/wire.md#farcaster;
 * docs/security.md properties 38–44):
 * - `POST /api/v1/farcaster/init` `{ token?, redirect_url?, relying_party? }` → `{ channel_token, connect_uri }`:
 *   captcha first when the app has it; the relying party (default the request `Origin`) and `redirect_url`
 *   on the app's allowed origins (403 `missing_origin` / `invalid_origin`); a channel on the relay for a
 *   nonce the server issued (500 `internal_error` when the relay fails).
 * - `GET /api/v1/farcaster/status` (header `farcaster-channel-token`) → `{ state: 'pending', nonce }` or
 *   `{ state: 'completed', nonce, message, signature, fid, username?, display_name?, bio?, pfp_url? }` from
 *   the relay (401 `invalid_credentials` for a channel that is not the app's, used or expired).
 * - `POST /api/v1/farcaster/authenticate` `{ channel_token, message, signature, fid, mode? }` → auth response:
 *   the server verifies the message itself (the relay is untrusted: nonce, domain, custody signature) and
 *   consumes the channel once; the profile comes from the user-data API.
 * - `POST /api/v1/farcaster/link` (session) the same without `mode` → the user (400 `linked_to_another_user`,
 *   `cannot_link_more_of_type`).
 * - `POST /api/v1/farcaster/unlink` (session) `{ fid }` → the user (404 `not_found`, 400
 *   `cannot_unlink_sole_account`).
 * - `POST /api/v1/farcaster/transfer` (session) `{ nonce, farcaster_id, farcaster_embedded_address? }` → the
 *   user: the account moved from the user who held it (see `transferAccount`).
 * All but unlink need `farcaster_auth` (403 `disallowed_login_method` 'Login with Farcaster not allowed.').
 */
export const farcasterRoutes: PluginRoutes<FarcasterContext> = async (app, { context }) => {
  const config = rateLimitConfig(context.rateLimits?.farcaster)
  // The status is polled every 2 s for up to 120 s (docs/limits.md): the sessions rule's higher limit.
  const pollConfig = rateLimitConfig(context.rateLimits?.sessions)

  /** Verifies the signed channel and fetches the profile: the account to sign in or link. */
  async function proveAccount(
    request: FastifyRequest,
    foyerApp: LoadedApp,
    body: SignedBody,
  ): Promise<{ subject: string; details: FarcasterDetails }> {
    assertFarcasterLoginAllowed(foyerApp)
    const { fid, custodyAddress } = await proveFarcasterAccount(context, foyerApp, body)
    const profile = await fetchFarcasterProfile(context.farcaster, fid, request.log)
    return { subject: farcasterSubject(fid), details: { owner_address: custodyAddress, ...profile } }
  }

  const init = endpoints['POST /api/v1/farcaster/init']
  endpointRoute(app, init, { config }, async (request) => {
    const foyerApp = await requireApp(context, request)
    assertFarcasterLoginAllowed(foyerApp)
    const body = request.body ?? {}
    const origin = request.headers.origin
    const party = relyingParty(foyerApp, {
      relyingParty: body.relying_party,
      origin: typeof origin === 'string' ? origin : undefined,
    })
    const session = await optionalSession(context, request)
    await assertCaptcha(context, foyerApp, request, { token: body.token, session })
    return openFarcasterChannel(context, foyerApp, { ...party, redirectUrl: body.redirect_url })
  })

  const status = endpoints['GET /api/v1/farcaster/status']
  endpointRoute(
    app,
    status,
    { config: pollConfig, schema: { headers: farcasterStatusHeadersSchema } },
    async (request) => {
      const foyerApp = await requireApp(context, request)
      assertFarcasterLoginAllowed(foyerApp)
      return farcasterChannelStatus(context, foyerApp, request.headers[FARCASTER_CHANNEL_TOKEN_HEADER])
    },
  )

  const authenticate = endpoints['POST /api/v1/farcaster/authenticate']
  endpointRoute(app, authenticate, { config }, async (request, reply) => {
    const foyerApp = await requireApp(context, request)
    const { subject, details } = await proveAccount(request, foyerApp, request.body)
    return answerSignIn(context, request, reply, foyerApp, {
      type: 'farcaster',
      subject,
      details,
      mode: request.body.mode,
    })
  })

  await accountRoutes(app, context, {
    kinds: [farcasterAccountKind],
    config,
    link: {
      endpoint: endpoints['POST /api/v1/farcaster/link'],
      prove: ({ request, app: foyerApp, body }) => proveAccount(request, foyerApp, body),
    },
    unlink: {
      endpoint: endpoints['POST /api/v1/farcaster/unlink'],
      rateLimited: false,
      account: async ({ body }) => ({ subject: farcasterSubject(body.fid) }),
    },
    transfer: {
      endpoint: endpoints['POST /api/v1/farcaster/transfer'],
      account: async ({ body }) => ({ subject: String(body.farcaster_id) }),
    },
  })
}
