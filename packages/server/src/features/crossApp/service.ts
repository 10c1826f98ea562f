import { randomBytes, timingSafeEqual } from 'node:crypto'
import {
  APP_ID_LENGTH,
  CROSS_APP_AUTHORIZE_PATH,
  CROSS_APP_TOKEN_TTL_SECONDS,
  CROSS_APP_TOKEN_TYP,
  CROSS_APP_TRANSACT_PATH,
  type CrossAppAuthorizationCodeRequest,
  type CrossAppConnection,
  crossAppProviderId,
  isOriginAllowed,
  OAUTH_DENIED_CODE,
  OAUTH_FLOW_TTL_SECONDS,
  TOKEN_ALG,
  toUserDid,
} from '@foyer/protocol'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { jwtVerify } from 'jose'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import { apps } from '../apps/schema'
import type { AppRecord, LoadedApp } from '../apps/service'
import { oauthFlows } from '../oauth/schema'
import { assertRedirectAllowed, issueOAuthFlowCode, oauthReturnUrl } from '../oauth/service'
import { signAppJwt } from '../sessions/tokens'
import { requireUserJson } from '../users/service'

/**
 * `web_url` with `path` appended to its path, its query kept (a provider web app that picks its app by
 * query, like the demo's `?appId=`): `('http://localhost:5173/?appId=x', '/oauth/authorize')` →
 * `http://localhost:5173/oauth/authorize?appId=x`.
 */
export function providerPageUrl(webUrl: string, path: string): URL {
  const url = new URL(webUrl)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`
  url.hash = ''
  return url
}

/**
 * The provider app `providerAppId` for the requester `requester`: it must exist, be another
 * app, be a provider (`settings.cross_app.is_provider`) with a `web_url`, and list the requester in
 * `allowed_requester_app_ids`; else 403 `cross_app_connection_not_allowed`.
 *
 * @example const provider = await assertCrossAppConnection(context, app, 'foyerdemoprovider00000000')
 */
export async function assertCrossAppConnection(
  context: ServerContext,
  requester: Pick<AppRecord, 'id'>,
  providerAppId: string,
): Promise<LoadedApp> {
  const provider =
    providerAppId.length === APP_ID_LENGTH && providerAppId !== requester.id
      ? await context.apps.get(providerAppId)
      : null
  const settings = provider?.settings.cross_app
  if (
    !provider ||
    !settings?.is_provider ||
    !settings.web_url ||
    !settings.allowed_requester_app_ids.includes(requester.id)
  )
    throw foyerError('crossAppNotAllowed')
  return provider
}

/**
 * Cross-app `oauth/init` (docs/wire.md#oauth, docs/wire.md#cross-app) for `requester` with the provider
 * `provider` (already checked by {@link assertCrossAppConnection}): stores a flow (`oauth_flows`, provider
 * `privy:<providerAppId>`, the client's state and S256 challenge, `redirect_to`, 10 min) and returns the
 * provider's authorize page URL:
 * `{web_url}/oauth/authorize?client_id=<requester>&state=<flow id>&code_challenge=…&code_challenge_method=S256&redirect_to=…`. Throws 400 `invalid_pkce_parameters` without a challenge, 400 `oauth_state_mismatch` without a state.
 */
export async function startCrossAppFlow(
  context: ServerContext,
  requester: LoadedApp,
  parameters: {
    provider: LoadedApp
    redirectTo: URL
    stateCode: string | undefined
    codeChallenge: string | undefined
  },
): Promise<string> {
  if (!parameters.codeChallenge) throw foyerError('pkceChallengeRequired')
  if (!parameters.stateCode) throw foyerError('stateCodeRequired')
  const webUrl = parameters.provider.settings.cross_app.web_url ?? ''
  const authorize = providerPageUrl(webUrl, CROSS_APP_AUTHORIZE_PATH)
  const id = randomBytes(32).toString('base64url')
  const now = new Date(context.now())
  await context.db.orm.insert(oauthFlows).values({
    id,
    appId: requester.id,
    provider: crossAppProviderId(parameters.provider.id),
    clientState: parameters.stateCode,
    codeChallenge: parameters.codeChallenge,
    redirectTo: parameters.redirectTo.href,
    callbackUrl: authorize.href,
    // No upstream provider: the provider app issues the code itself.
    pkceVerifier: '',
    nonce: '',
    createdAt: now,
    expiresAt: new Date(now.getTime() + OAUTH_FLOW_TTL_SECONDS * 1000),
  })
  authorize.searchParams.set('client_id', requester.id)
  authorize.searchParams.set('state', id)
  authorize.searchParams.set('code_challenge', parameters.codeChallenge)
  authorize.searchParams.set('code_challenge_method', 'S256')
  authorize.searchParams.set('redirect_to', parameters.redirectTo.href)
  return authorize.href
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Signs the provider access token a requester holds (docs/wire.md#cross-app `oauth_tokens.access_token`): an
 * ES256 JWT of the provider app (header `typ: 'cross-app+jwt'`, so never a session access token, RFC 8725
 * §3.11), claims `sub` (the provider user's DID), `aud` (provider app id), `iss`, `rid` (requester app id),
 * `iat`, `exp` ({@link CROSS_APP_TOKEN_TTL_SECONDS}).
 */
export async function signProviderToken(
  context: ServerContext,
  provider: LoadedApp,
  claims: { userId: string; requesterAppId: string },
): Promise<string> {
  return signAppJwt(
    provider,
    { typ: CROSS_APP_TOKEN_TYP, claims: { rid: claims.requesterAppId }, userId: claims.userId },
    { issuer: context.issuer, nowMs: context.now(), ttlSeconds: CROSS_APP_TOKEN_TTL_SECONDS },
  )
}

/**
 * The provider user's embedded Ethereum wallets and linked smart wallets, as the `cross_app` account lists
 * them (docs/linked-accounts.md#account-shapes, docs/cross-app.md#smart-wallets).
 */
async function providerWallets(context: ServerContext, userId: string) {
  const user = await requireUserJson(context, userId)
  const embedded = user.linked_accounts.flatMap((account) =>
    account.type === 'wallet' && account.connector_type === 'embedded' && account.chain_type === 'ethereum'
      ? [{ address: account.address }]
      : [],
  )
  const smart = user.linked_accounts.flatMap((account) =>
    account.type === 'smart_wallet' ? [{ address: account.address }] : [],
  )
  return { embedded_wallets: embedded, smart_wallets: smart }
}

/**
 * `POST /oauth/authorization_code` (docs/wire.md#cross-app), called by the provider's authorize page with the
 * provider user's session (`userId` of `provider`): takes the flow `state` of this provider once (one
 * `UPDATE … WHERE callback_at IS NULL AND expires_at > now RETURNING`; else 400 `oauth_state_mismatch`),
 * checks that `code_challenge`, `redirect_to` and `client_id` (when sent) are the ones the requester's
 * `oauth/init` stored (else 400 `invalid_data`: the URL was altered), that the requester is still allowed
 * (403 `cross_app_connection_not_allowed`) and `redirect_to` still on its origins (403 `invalid_origin`),
 * then issues the single-use code bound to the challenge, the requester app and the provider user, and
 * answers `redirect_to` with `privy_oauth_code`, `privy_oauth_state`, `privy_oauth_provider`
 * (`privy:<provider>`). With `error: 'access_denied'` the code is `undefined` (the requester shows the
 * denial).
 *
 * @example const { url } = await issueCrossAppCode(context, provider, userId, request.body)
 */
export async function issueCrossAppCode(
  context: ServerContext,
  provider: LoadedApp,
  userId: string,
  body: CrossAppAuthorizationCodeRequest,
): Promise<{ url: string }> {
  const now = new Date(context.now())
  const [flow] = await context.db.orm
    .update(oauthFlows)
    .set({ callbackAt: now })
    .where(
      and(
        eq(oauthFlows.id, body.state),
        eq(oauthFlows.provider, crossAppProviderId(provider.id)),
        isNull(oauthFlows.callbackAt),
        gt(oauthFlows.expiresAt, now),
      ),
    )
    .returning()
  if (!flow) throw foyerError('unknownCrossAppState')
  if (
    !equalText(body.code_challenge, flow.codeChallenge) ||
    body.redirect_to !== flow.redirectTo ||
    // The consent named this requester: it must be the flow's (a URL pointing at another app's flow).
    (body.client_id !== undefined && body.client_id !== flow.appId)
  )
    throw foyerError('crossAppRequestMismatch')
  const requester = await context.apps.get(flow.appId)
  if (!requester) throw foyerError('appNotFound')
  await assertCrossAppConnection(context, requester, provider.id)
  assertRedirectAllowed(requester, flow.redirectTo)
  const back = (code: string) => ({
    url: oauthReturnUrl(flow.redirectTo, code, flow.clientState, flow.provider),
  })
  if (body.error === 'access_denied') return back(OAUTH_DENIED_CODE)
  const accessToken = await signProviderToken(context, provider, { userId, requesterAppId: requester.id })
  const code = await issueOAuthFlowCode(
    context,
    flow.id,
    {
      user: {
        subject: toUserDid(userId),
        details: { provider_app_id: provider.id, ...(await providerWallets(context, userId)) },
        verifiedEmail: null,
      },
      tokens: {
        provider: flow.provider,
        access_token: accessToken,
        access_token_expires_in_seconds: CROSS_APP_TOKEN_TTL_SECONDS,
      },
    },
    now,
  )
  return back(code)
}

/**
 * `POST /oauth/verify` (docs/wire.md#cross-app) at the provider `provider`: whether `prat` is a live provider
 * access token of this provider (signature, `typ`, `iss`, `aud`, `exp`), for a requester that is still
 * allowed, of the session's user when a session is given (`sessionUserId`), and — with `callbackUrl` —
 * whether that URL's origin is one of the requester's allowed origins (where the transact page may post its
 * answer). Never throws for a bad token: `{ verified: false }`.
 *
 * @example await verifyProviderToken(context, provider, { token, sessionUserId, callbackUrl })
 */
export async function verifyProviderToken(
  context: ServerContext,
  provider: LoadedApp,
  parameters: { token: string; sessionUserId: string | null; callbackUrl: string | undefined },
): Promise<{ verified: boolean; requester_app_id?: string; read_only?: boolean }> {
  let payload: { sub?: unknown; rid?: unknown }
  try {
    ;({ payload } = await jwtVerify(parameters.token, provider.publicKey, {
      algorithms: [TOKEN_ALG],
      typ: CROSS_APP_TOKEN_TYP,
      issuer: context.issuer,
      audience: provider.id,
      currentDate: new Date(context.now()),
    }))
  } catch {
    return { verified: false }
  }
  if (typeof payload.rid !== 'string' || typeof payload.sub !== 'string') return { verified: false }
  if (parameters.sessionUserId !== null && payload.sub !== toUserDid(parameters.sessionUserId))
    return { verified: false }
  const requester = await context.apps.get(payload.rid)
  if (!requester) return { verified: false }
  try {
    await assertCrossAppConnection(context, requester, provider.id)
  } catch {
    return { verified: false }
  }
  if (parameters.callbackUrl !== undefined) {
    const origin = URL.canParse(parameters.callbackUrl) ? new URL(parameters.callbackUrl).origin : 'null'
    if (!isOriginAllowed(requester.allowedOrigins, origin)) return { verified: false }
  }
  return {
    verified: true,
    requester_app_id: requester.id,
    read_only: provider.settings.cross_app.read_only,
  }
}

/**
 * `GET /api/v1/apps/{requesterAppId}/cross-app/connections` (docs/wire.md#cross-app): every provider app that
 * lists `requester` in `allowed_requester_app_ids`, with its name, icon (`logo_url`), web app URL and pages,
 * and `read_only`; one query (JSONB containment).
 */
export async function listCrossAppConnections(
  context: ServerContext,
  requester: Pick<AppRecord, 'id'>,
): Promise<CrossAppConnection[]> {
  const rows = await context.db.orm
    .select({ id: apps.id, name: apps.name, settings: apps.settings })
    .from(apps)
    .where(
      sql`${apps.settings} -> 'cross_app' @> ${JSON.stringify({
        is_provider: true,
        allowed_requester_app_ids: [requester.id],
      })}::jsonb`,
    )
    .orderBy(apps.createdAt, apps.id)
  return rows.flatMap((row) => {
    const webUrl = row.settings.cross_app?.web_url ?? null
    if (!webUrl || row.id === requester.id) return []
    return [
      {
        provider_app_id: row.id,
        provider_app_name: row.name,
        provider_app_icon_url: row.settings.logo_url ?? null,
        provider_app_custom_api_url: webUrl,
        provider_app_custom_auth_authorize_url: providerPageUrl(webUrl, CROSS_APP_AUTHORIZE_PATH).href,
        provider_app_custom_auth_transact_url: providerPageUrl(webUrl, CROSS_APP_TRANSACT_PATH).href,
        read_only: row.settings.cross_app?.read_only === true,
      },
    ]
  })
}
