import {
  crossAppProviderAppId,
  endpoints,
  GOOGLE_DRIVE_APPDATA_SCOPE,
  isOAuthProvider,
  OAUTH_CALLBACK_PATH,
  type OAuthLinkRequest,
  oauthAccountType,
  oauthProviders,
  type RecoveryOAuthInitRequest,
  refuseControlCharacters,
} from '@foyer/protocol'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorStatus } from '../../errors/errorStatus'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import { foyerError } from '../../errors/foyerError'
import type { PluginRoutes } from '../../FoyerPlugin'
import { endpointRoute } from '../../http/endpointRoute'
import { rateLimitConfig } from '../../http/rateLimitConfig'
import { requireApp } from '../apps/requireApp'
import type { LoadedApp } from '../apps/service'
import { assertCaptcha } from '../captcha/verifyCaptcha'
import { crossAppAccountKind } from '../crossApp/account'
import { assertCrossAppConnection, startCrossAppFlow } from '../crossApp/service'
import { answerSignIn } from '../sessions/answerSignIn'
import { optionalSession } from '../sessions/optionalSession'
import { requireSession } from '../sessions/requireSession'
import { accountRoutes } from '../users/accountRoutes'
import { requireUserJson } from '../users/service'
import { oauthAccountKinds } from './account'
import { POPUP_RETURN_PAGE_CSP, popupReturnPage } from './popupReturnPage'
import type { OAuthContext } from './providers'
import {
  assertOAuthProviderAllowed,
  assertRecoveryProviderAllowed,
  assertRedirectAllowed,
  type ConsumedOAuthFlow,
  completeOAuthCallback,
  consumeOAuthCode,
  type StartOAuthFlowParameters,
  startOAuthFlow,
} from './service'

/**
 * The account a consumed flow proves (its type, subject, details and verified email) and the tokens to hand
 * back: for one of the nine providers (still allowed for the app) the `<provider>_oauth` account and the
 * provider's tokens when the app returns them; for cross-app `privy:<providerAppId>` (still connected, 403
 * `cross_app_connection_not_allowed`) the `cross_app` account and always the provider access token
 * (docs/wire.md#cross-app: the requester needs it to transact).
 */
async function provenAccount(context: OAuthContext, foyerApp: LoadedApp, flow: ConsumedOAuthFlow) {
  const identity = {
    subject: flow.user.subject,
    details: flow.user.details,
    verifiedEmail: flow.user.verifiedEmail,
  }
  const providerAppId = crossAppProviderAppId(flow.provider)
  if (providerAppId !== null) {
    await assertCrossAppConnection(context, foyerApp, providerAppId)
    return { type: 'cross_app' as const, ...identity, tokens: flow.tokens }
  }
  const { definition } = assertOAuthProviderAllowed(context, foyerApp, flow.provider)
  return {
    type: oauthAccountType(definition.provider),
    ...identity,
    tokens: foyerApp.settings.oauth.return_tokens ? flow.tokens : null,
  }
}

/**
 * Starts a provider flow (`startOAuthFlow`) with the request's `state_code` and PKCE `code_challenge`, coming
 * back to this server's callback: `{ url }`, the provider's authorization URL. 400
 * `invalid_pkce_parameters` / `oauth_state_mismatch` without challenge / state.
 */
async function startProviderFlow(
  context: OAuthContext,
  request: FastifyRequest & { body: Pick<RecoveryOAuthInitRequest, 'state_code' | 'code_challenge'> },
  foyerApp: LoadedApp,
  parameters: Pick<StartOAuthFlowParameters, 'allowed' | 'redirectTo'>,
): Promise<{ url: string }> {
  const url = await startOAuthFlow(context, foyerApp, {
    ...parameters,
    stateCode: request.body.state_code,
    codeChallenge: request.body.code_challenge,
    callbackUrl: callbackUrl(context, request),
  })
  return { url }
}

/**
 * Exchanges a client's one-time code for its flow (`consumeOAuthCode`): the body of `oauth/authenticate`,
 * `oauth/link` or `recovery/oauth/authenticate`, for that purpose (sign-in by default).
 */
function consumeFlowCode(
  context: OAuthContext,
  foyerApp: LoadedApp,
  body: OAuthLinkRequest,
  purpose?: 'recovery',
): Promise<ConsumedOAuthFlow> {
  return consumeOAuthCode(context, foyerApp, {
    code: body.authorization_code,
    stateCode: body.state_code,
    codeVerifier: body.code_verifier,
    provider: body.provider,
    ...(purpose ? { purpose } : {}),
  })
}

/**
 * The server's callback URL: `{publicUrl}/api/v1/oauth/callback`. Without a public URL it is on the
 * request's own origin, outside production only: there the `Host` header is the client's to choose, and the
 * redirect URI must not be (400 `not_supported` until `FOYER_PUBLIC_URL` is set).
 */
function callbackUrl(context: OAuthContext, request: FastifyRequest): string {
  if (!context.publicUrl && context.env === 'production') throw foyerError('oauthNeedsPublicUrl')
  const base = context.publicUrl ?? `${request.protocol}://${request.host}`
  return `${base}${OAUTH_CALLBACK_PATH}`
}

/**
 * Sends the browser on from the callback (303 to the app; for a popup that returns to the server's own page,
 * that page: `popupReturnPage`). When the flow cannot go back to the app (its
 * state unknown, used or expired, or its `redirect_to` no longer allowed), a browser (`Accept: text/html`)
 * gets a short page that says so, with the error's status, instead of raw JSON in the provider's window;
 * other clients get the usual `{ error, code }`.
 */
async function finishCallback(
  context: OAuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  destination: Promise<string>,
): Promise<FastifyReply> {
  try {
    const url = await destination
    // A popup that returns to the server's own page: that page, here, instead of a redirect.
    const page = popupReturnPage(url, context.publicUrl)
    if (page === null) return reply.redirect(url, 303)
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', POPUP_RETURN_PAGE_CSP)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(page)
  } catch (error) {
    if (!(error instanceof FoyerHttpError) || !request.headers.accept?.includes('text/html')) throw error
    return reply
      .code(errorStatus[error.code])
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        '<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>Sign-in expired</title>' +
          '<p>This sign-in can no longer be completed. Close this window and try again.</p></html>',
      )
  }
}

/** The callback's parameters: the query (GET), or the form body (Apple's `response_mode=form_post`). */
const callbackQuerySchema = refuseControlCharacters(
  z.record(z.string(), z.union([z.string(), z.array(z.string())])),
)

function callbackParameters(values: Record<string, string | string[]> | undefined): URLSearchParams {
  const parameters = new URLSearchParams()
  for (const [key, value] of Object.entries(values ?? {}))
    for (const item of Array.isArray(value) ? value : [value]) parameters.append(key, item)
  return parameters
}

/**
 * OAuth sign-in with the nine providers (docs/api.md, docs/wire.md#oauth; docs/security.md properties 33–37).
 * The server is each provider's confidential client:
 * - `POST /api/v1/oauth/init` `{ provider, redirect_to, token?, code_challenge, state_code }` → `{ url }`: the
 *   provider's authorization URL (captcha first when the app has it on; 403 `disallowed_login_method` when the
 *   provider is off or has no client registration; 403 `invalid_origin` when `redirect_to` is not on an
 *   allowed origin; 400 `invalid_pkce_parameters` / `oauth_state_mismatch` without challenge / state).
 * - `GET|POST /api/v1/oauth/callback` (the provider's redirect; POST for Apple's form_post) → 303 to
 *   `redirect_to` with `privy_oauth_code`, `privy_oauth_state`, `privy_oauth_provider`; 400
 *   `oauth_state_mismatch` for an unknown, used or expired state.
 * - `POST /api/v1/oauth/authenticate` `{ authorization_code, state_code, code_verifier, mode? }` → auth
 *   response (+ `oauth_tokens` when the app's `settings.oauth.return_tokens`).
 * - `POST /api/v1/oauth/link` (session) `{ authorization_code, state_code, code_verifier }` → the user's
 *   fields + `oauth_tokens?` (400 `linked_to_another_user`, `cannot_link_more_of_type`).
 * - `POST /api/v1/oauth/unlink` (session) `{ provider, subject }` → the user.
 * - `POST /api/v1/oauth/transfer` (session) `{ nonce, userInfo }` → the user: the account of `userInfo.subject`
 *   (the `cross_app` one when `userInfo.meta.providerAppId` is set) moved from the user who held it.
 */
export const oauthRoutes: PluginRoutes<OAuthContext> = async (app, { context }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  const config = rateLimitConfig(context.rateLimits?.oauth)

  // Apple's form_post: an HTML form, only on this plugin's routes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const values: Record<string, string> = {}
      for (const [key, value] of new URLSearchParams(body as string)) values[key] = value
      done(null, values)
    },
  )

  endpointRoute(app, endpoints['POST /api/v1/oauth/init'], { config }, async (request) => {
    const foyerApp = await requireApp(context, request)
    const providerAppId = crossAppProviderAppId(request.body.provider)
    if (providerAppId !== null) {
      // Cross-app (docs/wire.md#oauth, docs/wire.md#cross-app): the URL of the provider app's authorize
      // page.
      const provider = await assertCrossAppConnection(context, foyerApp, providerAppId)
      const redirectTo = assertRedirectAllowed(foyerApp, request.body.redirect_to)
      const session = await optionalSession(context, request)
      await assertCaptcha(context, foyerApp, request, { token: request.body.token, session })
      const url = await startCrossAppFlow(context, foyerApp, {
        provider,
        redirectTo,
        stateCode: request.body.state_code,
        codeChallenge: request.body.code_challenge,
      })
      return { url }
    }
    const allowed = assertOAuthProviderAllowed(context, foyerApp, request.body.provider)
    // A popup may return to the server's own return page (docs/modal.md "The popup's return page").
    const redirectTo = assertRedirectAllowed(foyerApp, request.body.redirect_to, {
      popupReturn: { publicUrl: context.publicUrl },
    })
    const session = await optionalSession(context, request)
    await assertCaptcha(context, foyerApp, request, { token: request.body.token, session })
    return startProviderFlow(context, request, foyerApp, { allowed, redirectTo })
  })

  // Google Drive recovery (docs/recovery-oauth.md): a flow of its own, for the signed-in user's wallet frame.
  endpointRoute(app, endpoints['POST /api/v1/recovery/oauth/init'], { config }, async (request) => {
    // Signed in: no captcha (as for a signed-in user's other calls).
    const { app: foyerApp } = await requireSession(context, request)
    const allowed = assertRecoveryProviderAllowed(context, foyerApp)
    const redirectTo = assertRedirectAllowed(foyerApp, request.body.redirect_to)
    return startProviderFlow(context, request, foyerApp, { allowed, redirectTo })
  })
  endpointRoute(app, endpoints['POST /api/v1/recovery/oauth/authenticate'], { config }, async (request) => {
    const { app: foyerApp } = await requireSession(context, request)
    const flow = await consumeFlowCode(context, foyerApp, request.body, 'recovery')
    // Google lets the user untick a scope: without the Drive one the frame could store nothing.
    const granted = flow.tokens?.scopes
    if (!flow.tokens || (granted && !granted.includes(GOOGLE_DRIVE_APPDATA_SCOPE)))
      throw foyerError('googleDriveScopeNotGranted')
    return { access_token: flow.tokens.access_token }
  })

  typed.get(OAUTH_CALLBACK_PATH, { schema: { querystring: callbackQuerySchema } }, (request, reply) =>
    finishCallback(
      context,
      request,
      reply,
      completeOAuthCallback(context, callbackParameters(request.query)),
    ),
  )
  typed.post(OAUTH_CALLBACK_PATH, { schema: { body: callbackQuerySchema } }, (request, reply) =>
    finishCallback(context, request, reply, completeOAuthCallback(context, callbackParameters(request.body))),
  )

  endpointRoute(app, endpoints['POST /api/v1/oauth/authenticate'], { config }, async (request, reply) => {
    const foyerApp = await requireApp(context, request)
    const flow = await consumeFlowCode(context, foyerApp, request.body)
    const { tokens, ...account } = await provenAccount(context, foyerApp, flow)
    return answerSignIn(
      context,
      request,
      reply,
      foyerApp,
      { ...account, mode: request.body.mode },
      tokens ? { oauth_tokens: tokens } : {},
    )
  })

  await accountRoutes(app, context, {
    kinds: [...oauthAccountKinds, crossAppAccountKind],
    config,
    link: {
      endpoint: endpoints['POST /api/v1/oauth/link'],
      prove: async ({ app: foyerApp, body }) =>
        provenAccount(context, foyerApp, await consumeFlowCode(context, foyerApp, body)),
      respond: (user, { tokens }) => ({ ...user, ...(tokens ? { oauth_tokens: tokens } : {}) }),
    },
    unlink: {
      endpoint: endpoints['POST /api/v1/oauth/unlink'],
      rateLimited: false,
      account: async ({ session: { userId }, body: { provider, subject } }) => {
        const providerAppId = crossAppProviderAppId(provider)
        if (providerAppId !== null) {
          // Cross-app (docs/wire.md#oauth): the `cross_app` account of that provider app.
          const user = await requireUserJson(context, userId)
          const linked = user.linked_accounts.some(
            (account) =>
              account.type === 'cross_app' &&
              account.provider_app_id === providerAppId &&
              account.subject === subject,
          )
          if (!linked) throw foyerError('crossAppAccountNotLinked', { subject })
          return { type: 'cross_app', subject }
        }
        if (!isOAuthProvider(provider)) throw foyerError('unknownOAuthProvider', { provider })
        return { type: oauthAccountType(provider), subject }
      },
    },
    transfer: {
      endpoint: endpoints['POST /api/v1/oauth/transfer'],
      // A cross-app account names its provider app (docs/wire.md#account-transfer
      // `userInfo.meta.providerAppId`).
      account: async ({ body: { userInfo } }) => ({
        types: userInfo.meta?.providerAppId ? ['cross_app'] : oauthProviders.map(oauthAccountType),
        subject: userInfo.subject,
      }),
    },
  })
}
