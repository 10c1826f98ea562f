import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  CROSS_APP_PROVIDER_PREFIX,
  isOAuthProvider,
  isOriginAllowed,
  OAUTH_DENIED_CODE,
  OAUTH_ERROR_CODE,
  OAUTH_FLOW_TTL_SECONDS,
  type OAuthClientSettings,
  type OAuthTokens,
  oauthProviderNames,
  oauthReturnParameters,
} from '@foyer/protocol'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose'
import * as oauth from 'oauth4webapi'
import { z } from 'zod'
import { deriveKey } from '../../crypto/deriveKey'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import { sha256Hex } from '../../crypto/sha256Hex'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { appleClientSecret } from './appleClientSecret'
import {
  fetchProviderUser,
  type ProviderRefusal,
  ProviderUserError,
  providerRefusal,
} from './fetchProviderUser'
import type { OAuthProviderDefinition } from './providers'
import { oauthFlows } from './schema'
import { verifyIdToken } from './verifyIdToken'

/** Time allowed for one token-endpoint call, in ms. */
export const TOKEN_REQUEST_TIMEOUT_MS = 5000

/** A provider the app may use: its definition and the app's client registration there. */
export type AllowedProvider = { definition: OAuthProviderDefinition; client: OAuthClientSettings }

/**
 * The provider `provider` for `app`: 400 `invalid_data` when it is not one of the nine, 403
 * `disallowed_login_method` 'Login with Google not allowed.' when the app's flag (`google_oauth` …) is off
 * or the app has no complete client registration for it (`settings.oauth.clients[provider]` with a
 * `client_secret`, or for Apple the `apple` key).
 *
 * @example const allowed = assertOAuthProviderAllowed(context, app, request.body.provider)
 */
export function assertOAuthProviderAllowed(
  context: ServerContext,
  app: LoadedApp,
  provider: string,
): AllowedProvider {
  if (!isOAuthProvider(provider))
    throw new FoyerHttpError('invalid_data', `Unknown OAuth provider ${provider}`)
  const client = app.settings.oauth.clients[provider]
  const complete = client && (provider === 'apple' ? client.apple !== null : Boolean(client.client_secret))
  if (!app.settings[`${provider}_oauth`] || !client || !complete)
    throw new FoyerHttpError(
      'disallowed_login_method',
      `Login with ${oauthProviderNames[provider]} not allowed.`,
    )
  return { definition: context.oauth.providers[provider], client }
}

/**
 * `redirect_to` as a URL when it is an absolute http(s) URL without credentials whose origin is one of the
 * app's allowed origins (exact origin or port wildcard; docs/security.md property 36: no open redirect); else
 * 403 `invalid_origin`.
 *
 * @example assertRedirectAllowed(app, 'https://shop.example/login') // URL, when https://shop.example is allowed
 */
export function assertRedirectAllowed(app: LoadedApp, redirectTo: string): URL {
  const url = URL.canParse(redirectTo) ? new URL(redirectTo) : null
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    !isOriginAllowed(app.allowedOrigins, url.origin)
  )
    throw new FoyerHttpError('invalid_origin', 'redirect_to is not on an allowed origin of this app')
  return url
}

/** base64url of `bytes` CSPRNG bytes. */
function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/**
 * base64url(SHA-256(`verifier`)): the PKCE S256 challenge (RFC 7636 §4.2).
 *
 * @example pkceS256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk') // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 */
export function pkceS256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

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
 * `invalid_pkce_parameters` without a `code_challenge` (S256 is mandatory, E.33) and 400
 * `oauth_state_mismatch` without a `state_code` (E.34). Expired flows of the app are swept on the way.
 *
 * @example const url = await startOAuthFlow(context, app, { allowed, redirectTo, stateCode, codeChallenge, callbackUrl })
 */
export async function startOAuthFlow(
  context: ServerContext,
  app: LoadedApp,
  parameters: StartOAuthFlowParameters,
): Promise<string> {
  const { definition, client } = parameters.allowed
  if (!parameters.codeChallenge)
    throw new FoyerHttpError('invalid_pkce_parameters', 'A PKCE S256 code_challenge is required')
  if (!parameters.stateCode) throw new FoyerHttpError('oauth_state_mismatch', 'A state_code is required')
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
    provider: definition.provider,
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

/** A token-endpoint answer (RFC 6749 §5.1), leniently: Instagram sends no `token_type`, TikTok `refresh_expires_in`. */
const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().nonnegative().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.coerce.number().nonnegative().optional(),
  refresh_expires_in: z.coerce.number().nonnegative().optional(),
  scope: z.string().optional(),
  id_token: z.string().min(1).optional(),
})

/** A failure after the provider answered: the browser goes back with `privy_oauth_code=error`. */
class CallbackError extends Error {
  override name = 'CallbackError'
  constructor(
    message: string,
    readonly refusal: ProviderRefusal | null = null,
  ) {
    super(message)
  }
}

/**
 * What a flow's sealed `result` holds: the proven account (a provider's user, or for cross-app the provider
 * app's user with its wallets in `details`) and the tokens handed to the client — or the provider's refusal,
 * which the client is told about by `oauth/authenticate` (the callback can only hand the browser a code).
 */
export type OAuthFlowResult = {
  user: { subject: string; details: Record<string, unknown>; verifiedEmail: string | null }
  tokens: OAuthTokens | null
}
type FlowResult = OAuthFlowResult | { refusal: ProviderRefusal }

const resultAad = (flowId: string) => `oauth-flow:${flowId}`

const jwksSets = new WeakMap<ServerContext, Map<string, JWTVerifyGetKey>>()

function jwksFor(context: ServerContext, url: string): JWTVerifyGetKey {
  let sets = jwksSets.get(context)
  if (!sets) {
    sets = new Map()
    jwksSets.set(context, sets)
  }
  let keys = sets.get(url)
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 })
    sets.set(url, keys)
  }
  return keys
}

async function clientAuthentication(
  context: ServerContext,
  allowed: AllowedProvider,
): Promise<oauth.ClientAuth> {
  const { definition, client } = allowed
  switch (definition.clientAuthentication) {
    case 'client_secret_basic':
      return oauth.ClientSecretBasic(client.client_secret ?? '')
    case 'tiktok_client_key':
      return (_as, _client, body) => {
        body.set('client_key', client.client_id)
        body.set('client_secret', client.client_secret ?? '')
      }
    case 'apple_jwt': {
      if (!client.apple) throw new CallbackError('apple client has no signing key')
      const secret = await appleClientSecret({
        teamId: client.apple.team_id,
        keyId: client.apple.key_id,
        privateKeyPem: client.apple.private_key_pem,
        clientId: client.client_id,
        audience: definition.issuer,
        now: context.now(),
      })
      return oauth.ClientSecretPost(secret)
    }
    default:
      return oauth.ClientSecretPost(client.client_secret ?? '')
  }
}

/**
 * The provider's answer to the flow: validates the authorization response (RFC 9207 `iss` when sent,
 * `state`), exchanges the code at the token endpoint (our client authentication, the server's PKCE
 * verifier), verifies the id_token of OIDC providers (docs/security.md property 35) and reads the user.
 * Throws {@link CallbackError} on any failure.
 */
async function exchangeCode(
  context: ServerContext,
  allowed: AllowedProvider,
  flow: typeof oauthFlows.$inferSelect,
  parameters: URLSearchParams,
  returnTokens: boolean,
): Promise<FlowResult> {
  const { definition, client } = allowed
  const as: oauth.AuthorizationServer = {
    issuer: definition.issuer,
    authorization_endpoint: definition.authorizationUrl,
    token_endpoint: definition.tokenUrl,
  }
  const oauthClient: oauth.Client = { client_id: client.client_id }
  try {
    const validated = oauth.validateAuthResponse(as, oauthClient, parameters, flow.id)
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      oauthClient,
      await clientAuthentication(context, allowed),
      validated,
      flow.callbackUrl,
      definition.pkce ? flow.pkceVerifier : oauth.nopkce,
      {
        [oauth.allowInsecureRequests]: new URL(definition.tokenUrl).protocol === 'http:',
        signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
      },
    )
    if (!response.ok)
      throw new CallbackError(`token endpoint answered ${response.status}`, await providerRefusal(response))
    const parsed = tokenResponseSchema.safeParse(await response.json().catch(() => null))
    if (!parsed.success) throw new CallbackError('token endpoint answer is not a token response')
    const tokens = parsed.data
    if (tokens.token_type !== undefined && tokens.token_type.toLowerCase() !== 'bearer')
      throw new CallbackError(`unsupported token_type ${tokens.token_type}`)
    let claims = null
    if (definition.oidc) {
      if (!tokens.id_token || !definition.jwksUrl)
        throw new CallbackError('no id_token from an OIDC provider')
      claims = await verifyIdToken(tokens.id_token, {
        keys: jwksFor(context, definition.jwksUrl),
        issuer: definition.issuer,
        clientId: client.client_id,
        nonce: flow.nonce,
        now: context.now(),
      })
    }
    const user = await fetchProviderUser(definition, { accessToken: tokens.access_token, claims })
    const refreshExpiresIn = tokens.refresh_token_expires_in ?? tokens.refresh_expires_in
    return {
      user,
      tokens: returnTokens
        ? {
            provider: definition.provider,
            access_token: tokens.access_token,
            ...(tokens.expires_in !== undefined
              ? { access_token_expires_in_seconds: tokens.expires_in }
              : {}),
            ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
            ...(refreshExpiresIn !== undefined ? { refresh_token_expires_in_seconds: refreshExpiresIn } : {}),
            ...(tokens.scope ? { scopes: tokens.scope.split(/[\s,]+/).filter(Boolean) } : {}),
          }
        : null,
    }
  } catch (error) {
    if (error instanceof CallbackError) throw error
    if (error instanceof ProviderUserError) throw new CallbackError(error.message, error.refusal)
    throw new CallbackError((error as Error).message)
  }
}

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
 * `oauth_state_mismatch`, E.34) and checks that `redirect_to` is still on the app's origins (403
 * `invalid_origin`, E.36), then answers the URL to send the browser to: `redirect_to` with
 * `privy_oauth_code` (a one-time code: 32 CSPRNG bytes, stored as SHA-256, valid
 * {@link OAUTH_FLOW_TTL_SECONDS}; E.37), `privy_oauth_state` (the client's state) and
 * `privy_oauth_provider`. The user's denial (`access_denied`) gives the code `undefined`; any other
 * provider error, and a failure after it (token exchange, id_token, user info, a provider turned off
 * meanwhile), the code `error`, logged.
 *
 * @example reply.redirect(await completeOAuthCallback(context, new URLSearchParams(request.query)), 303)
 */
export async function completeOAuthCallback(
  context: ServerContext,
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
  if (!flow) throw new FoyerHttpError('oauth_state_mismatch', 'Unknown, expired or already used OAuth state')
  const app = await context.apps.get(flow.appId)
  // The app's origins may have changed since init: never redirect off them (E.36).
  if (!app) throw new FoyerHttpError('not_found', 'App not found')
  assertRedirectAllowed(app, flow.redirectTo)
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
    allowed = assertOAuthProviderAllowed(context, app, flow.provider)
  } catch {
    log.warn('oauth provider no longer allowed for the app')
    return back(OAUTH_ERROR_CODE)
  }
  let result: FlowResult
  try {
    result = await exchangeCode(context, allowed, flow, parameters, app.settings.oauth.return_tokens)
  } catch (error) {
    const { message, refusal } = error as CallbackError
    log.warn({ reason: message, refusal }, 'oauth code exchange failed')
    // A refusal the user can act on travels with the one-time code, to be told by oauth/authenticate.
    if (!refusal) return back(OAUTH_ERROR_CODE)
    result = { refusal }
  }
  return back(await issueOAuthFlowCode(context, flow.id, result, now))
}

/**
 * Gives the flow `flowId` its one-time code (32 CSPRNG bytes, stored as SHA-256, valid
 * {@link OAUTH_FLOW_TTL_SECONDS} from `now`; E.37) and seals `result` in it (AES-256-GCM under a key derived
 * from the master key), for `oauth/authenticate` or `oauth/link` to take with {@link consumeOAuthCode}.
 * Returns the code. Used by the providers' callback and by the cross-app provider's `/oauth/authorization_code`.
 *
 * @example const code = await issueOAuthFlowCode(context, flow.id, { user, tokens: null }, now)
 */
export async function issueOAuthFlowCode(
  context: ServerContext,
  flowId: string,
  result: FlowResult,
  now: Date,
): Promise<string> {
  const code = randomToken()
  await context.db.orm
    .update(oauthFlows)
    .set({
      codeHash: sha256Hex(code),
      codeExpiresAt: new Date(now.getTime() + OAUTH_FLOW_TTL_SECONDS * 1000),
      result: sealSecret(flowKey(context), JSON.stringify(result), resultAad(flowId)),
    })
    .where(eq(oauthFlows.id, flowId))
  return code
}

function flowKey(context: ServerContext): Uint8Array {
  return deriveKey(context.masterKey, 'oauth-flow-encryption')
}

/**
 * The error of a provider's refusal (docs/errors.md "OAuth"; docs/errors.md): a suspension is 403
 * `oauth_account_suspended`; the provider's rate limit is 429 `too_many_requests` whose message says
 * `provider rate limit` (what the client matches on to show its per-provider text).
 */
function refusalError(provider: string, refusal: ProviderRefusal): FoyerHttpError {
  const name = isOAuthProvider(provider) ? oauthProviderNames[provider] : provider
  return refusal === 'suspended'
    ? new FoyerHttpError(
        'oauth_account_suspended',
        `Your ${name} account is suspended. Please try another login method.`,
      )
    : new FoyerHttpError(
        'too_many_requests',
        `${name} answered with its provider rate limit. Please wait a moment and try again.`,
      )
}

/**
 * A consumed flow: its provider (one of the nine, or cross-app `privy:<appId>`), the proven user and the
 * tokens (an OAuth provider's when the app returns them; a cross-app provider access token).
 */
export type ConsumedOAuthFlow = { provider: string } & OAuthFlowResult

/**
 * `oauth/authenticate` and `oauth/link` (docs/api.md): consumes the one-time code of `app` in one
 * `DELETE … WHERE code_hash = … AND code_expires_at > now RETURNING` (so of N parallel uses one wins, and the
 * sealed provider tokens go with it; E.37), then checks, in order:
 * 1. a code that is unknown, used or expired → 401 `invalid_credentials` 'Invalid or expired authorization code';
 * 2. `state_code` equals the flow's client state → else 400 `oauth_state_mismatch` (E.34);
 * 3. a `code_verifier` is present and base64url(SHA-256(verifier)) equals the flow's challenge → else 400
 *    `invalid_pkce_parameters` (S256 only, RFC 7636 §4.6; E.33);
 * 4. `provider`, when sent, is the flow's → else 400 `invalid_data`;
 * 5. the provider did not refuse at the callback → else 403 `oauth_account_suspended` or 429
 *    `too_many_requests` ('… provider rate limit …'), docs/errors.md "OAuth".
 * A failed check still burns the code.
 *
 * @example const { provider, user, tokens } = await consumeOAuthCode(context, app, { code, stateCode, codeVerifier })
 */
export async function consumeOAuthCode(
  context: ServerContext,
  app: LoadedApp,
  parameters: {
    code: string
    stateCode: string
    codeVerifier: string | undefined
    provider?: string | undefined
  },
): Promise<ConsumedOAuthFlow> {
  const now = new Date(context.now())
  // Deleted as it is consumed: the sealed provider tokens do not outlive the code.
  const [flow] = await context.db.orm
    .delete(oauthFlows)
    .where(
      and(
        eq(oauthFlows.codeHash, sha256Hex(parameters.code)),
        eq(oauthFlows.appId, app.id),
        gt(oauthFlows.codeExpiresAt, now),
        sql`${oauthFlows.result} is not null`,
      ),
    )
    .returning({
      id: oauthFlows.id,
      provider: oauthFlows.provider,
      clientState: oauthFlows.clientState,
      codeChallenge: oauthFlows.codeChallenge,
      result: oauthFlows.result,
    })
  // 1. Single use and ≤ 10 min (E.37).
  if (!flow?.result) throw new FoyerHttpError('invalid_credentials', 'Invalid or expired authorization code')
  // 2. The state the client kept for this flow (E.34).
  if (!equalText(parameters.stateCode, flow.clientState))
    throw new FoyerHttpError('oauth_state_mismatch', 'OAuth state does not match')
  // 3. PKCE S256 (E.33).
  if (!parameters.codeVerifier)
    throw new FoyerHttpError('invalid_pkce_parameters', 'A PKCE code_verifier is required')
  if (!equalText(pkceS256Challenge(parameters.codeVerifier), flow.codeChallenge))
    throw new FoyerHttpError(
      'invalid_pkce_parameters',
      'PKCE code_verifier does not match the code_challenge',
    )
  // 4. The flow's provider.
  if (parameters.provider !== undefined && parameters.provider !== flow.provider)
    throw new FoyerHttpError('invalid_data', 'provider does not match the OAuth flow')
  let result: FlowResult
  try {
    result = JSON.parse(openSecret(flowKey(context), flow.result, resultAad(flow.id))) as FlowResult
  } catch {
    // Sealed under another master key, or damaged: as good as no code.
    throw new FoyerHttpError('invalid_credentials', 'Invalid or expired authorization code')
  }
  // 5. The provider's refusal at the callback (docs/errors.md "OAuth").
  if ('refusal' in result) throw refusalError(flow.provider, result.refusal)
  return { provider: flow.provider, user: result.user, tokens: result.tokens }
}
