/** `oauth/init`: the stored flow and the provider's authorization URL. */
import { OAUTH_FLOW_TTL_SECONDS } from '@foyer/protocol'
import { and, eq, lt } from 'drizzle-orm'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { type AllowedProvider, assertRedirectAllowed } from './allowedProviders'
import { pkceS256Challenge, randomToken } from './flowSecrets'
import { oauthFlows } from './schema'

export type StartOAuthFlowParameters = {
  allowed: AllowedProvider
  /** Already checked by {@link assertRedirectAllowed}. */
  redirectTo: URL
  /** The client's state (docs/limits.md), returned as `privy_oauth_state`. */
  stateCode: string | undefined
  /** The client's PKCE S256 challenge (docs/security.md property 33). */
  codeChallenge: string | undefined
  /** The server's callback URL, the redirect URI at the provider. */
  callbackUrl: string
}

/**
 * `oauth/init` (docs/api.md): stores a flow ({@link oauthFlows}: a 32-byte CSPRNG id that is the provider's
 * `state`, the client's state and challenge, `redirect_to`, a server PKCE verifier and OIDC nonce, expiring
 * after {@link OAUTH_FLOW_TTL_SECONDS}) and returns the provider's authorization URL. Throws 400
 * `invalid_pkce_parameters` without a `code_challenge` (S256 is mandatory, security property 33) and 400
 * `oauth_state_mismatch` without a `state_code` (security property 34). Expired flows of the app are swept on the way.
 *
 * @example const url = await startOAuthFlow(context, app, { allowed, redirectTo, stateCode, codeChallenge, callbackUrl })
 */
export async function startOAuthFlow(
  context: ServerContext,
  app: LoadedApp,
  parameters: StartOAuthFlowParameters,
): Promise<string> {
  const { definition, client } = parameters.allowed
  if (!parameters.codeChallenge) throw foyerError('pkceChallengeRequired')
  if (!parameters.stateCode) throw foyerError('stateCodeRequired')
  const now = new Date(context.now())
  const id = randomToken()
  const pkceVerifier = randomToken()
  const nonce = randomToken()
  // A flow lives 10 min, its one-time code 10 min after the callback: nothing older than 20 min is useful.
  await context.db.orm
    .delete(oauthFlows)
    .where(
      and(
        eq(oauthFlows.appId, app.id),
        lt(oauthFlows.expiresAt, new Date(now.getTime() - OAUTH_FLOW_TTL_SECONDS * 1000)),
      ),
    )
  await context.db.orm.insert(oauthFlows).values({
    id,
    appId: app.id,
    provider: parameters.allowed.flowProvider ?? definition.provider,
    clientState: parameters.stateCode,
    codeChallenge: parameters.codeChallenge,
    redirectTo: parameters.redirectTo.href,
    callbackUrl: parameters.callbackUrl,
    pkceVerifier,
    nonce,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OAUTH_FLOW_TTL_SECONDS * 1000),
  })
  const url = new URL(definition.authorizationUrl)
  const scopes = [...new Set([...definition.defaultScopes, ...client.scopes])]
  url.searchParams.set('response_type', 'code')
  url.searchParams.set(definition.clientIdParameter, client.client_id)
  url.searchParams.set('redirect_uri', parameters.callbackUrl)
  url.searchParams.set('scope', scopes.join(definition.scopeSeparator))
  url.searchParams.set('state', id)
  if (definition.pkce) {
    url.searchParams.set('code_challenge', pkceS256Challenge(pkceVerifier))
    url.searchParams.set('code_challenge_method', 'S256')
  }
  if (definition.oidc) url.searchParams.set('nonce', nonce)
  if (definition.responseMode === 'form_post') url.searchParams.set('response_mode', 'form_post')
  return url.href
}
