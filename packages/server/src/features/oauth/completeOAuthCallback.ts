/**
 * The provider's callback: the flow completed and the browser sent back to the app with a one-time code.
 */
import {
  CROSS_APP_PROVIDER_PREFIX,
  OAUTH_DENIED_CODE,
  OAUTH_ERROR_CODE,
  OAUTH_FLOW_TTL_SECONDS,
  oauthReturnParameters,
  RECOVERY_OAUTH_PROVIDER,
} from '@foyer/protocol'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { foyerError } from '../../errors/foyerError'
import { type AllowedProvider, assertFlowProviderAllowed, assertRedirectAllowed } from './allowedProviders'
import { type CallbackError, exchangeCode } from './exchangeCode'
import { type FlowResult, issueOAuthFlowCode } from './flowCodes'
import type { OAuthContext } from './providers'
import { oauthFlows } from './schema'

/** `redirect_to` with the three return parameters (docs/modal.md) set. */
export function oauthReturnUrl(redirectTo: string, code: string, state: string, provider: string): string {
  const url = new URL(redirectTo)
  url.searchParams.set(oauthReturnParameters.code, code)
  url.searchParams.set(oauthReturnParameters.state, state)
  url.searchParams.set(oauthReturnParameters.provider, provider)
  return url.href
}

/**
 * The provider's redirect to `GET|POST /api/v1/oauth/callback`: takes the flow of `state`
 * once (one `UPDATE … WHERE callback_at IS NULL AND expires_at > now RETURNING`; else 400
 * `oauth_state_mismatch`, security property 34) and checks that `redirect_to` is still on the app's origins (403
 * `invalid_origin`, security property 36), then answers the URL to send the browser to: `redirect_to` with
 * `privy_oauth_code` (a one-time code: 32 CSPRNG bytes, stored as SHA-256, valid
 * {@link OAUTH_FLOW_TTL_SECONDS}; security property 37), `privy_oauth_state` (the client's state) and
 * `privy_oauth_provider`. The user's denial (`access_denied`) gives the code `undefined`; any other
 * provider error, and a failure after it (token exchange, id_token, user info, a provider turned off
 * meanwhile), the code `error`, logged.
 *
 * @example reply.redirect(await completeOAuthCallback(context, new URLSearchParams(request.query)), 303)
 */
export async function completeOAuthCallback(
  context: OAuthContext,
  parameters: URLSearchParams,
): Promise<string> {
  const state = parameters.get('state')
  const now = new Date(context.now())
  const [flow] = state
    ? await context.db.orm
        .update(oauthFlows)
        .set({ callbackAt: now })
        .where(
          and(
            eq(oauthFlows.id, state),
            isNull(oauthFlows.callbackAt),
            gt(oauthFlows.expiresAt, now),
            // A cross-app flow is answered by its provider app's page, never by this callback.
            sql`${oauthFlows.provider} not like ${`${CROSS_APP_PROVIDER_PREFIX}%`}`,
          ),
        )
        .returning()
    : []
  if (!flow) throw foyerError('unknownOAuthState')
  const app = await context.apps.get(flow.appId)
  // The app's origins may have changed since init: never redirect off them (security property 36).
  if (!app) throw foyerError('appNotFound')
  assertRedirectAllowed(app, flow.redirectTo, { popupReturn: { publicUrl: context.publicUrl } })
  const back = (code: string) => oauthReturnUrl(flow.redirectTo, code, flow.clientState, flow.provider)
  const log = context.log.child({ appId: flow.appId, provider: flow.provider })
  // The provider's own error: access_denied is the user cancelling (RFC 6749 §4.1.2.1); any other is a
  // failure, not a denial.
  if (parameters.has('error')) {
    const error = parameters.get('error')
    log.info({ error: error?.slice(0, 64) }, 'oauth provider answered an error')
    return back(error === 'access_denied' ? OAUTH_DENIED_CODE : OAUTH_ERROR_CODE)
  }
  let allowed: AllowedProvider
  try {
    allowed = assertFlowProviderAllowed(context, app, flow.provider)
  } catch {
    log.warn('oauth provider no longer allowed for the app')
    return back(OAUTH_ERROR_CODE)
  }
  let result: FlowResult
  try {
    // A recovery flow exists for its access token (docs/recovery-oauth.md): kept whatever the app's setting.
    const keepTokens = flow.provider === RECOVERY_OAUTH_PROVIDER || app.settings.oauth.return_tokens
    result = await exchangeCode(context, allowed, flow, parameters, keepTokens)
  } catch (error) {
    const { message, refusal } = error as CallbackError
    log.warn({ reason: message, refusal }, 'oauth code exchange failed')
    // A refusal the user can act on travels with the one-time code, to be told by oauth/authenticate.
    if (!refusal) return back(OAUTH_ERROR_CODE)
    result = { refusal }
  }
  return back(await issueOAuthFlowCode(context, flow.id, result, now))
}
