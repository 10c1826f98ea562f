import type { AuthMode, OAuthProvider, User } from '@foyer/protocol'
import { crossAppProviderAppId, isOAuthProvider } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import { storeCrossAppToken } from '../../crossApp/crossAppTokenStorage'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { OAuthFlowMissingError } from '../../errors/OAuthFlowMissingError'
import type { OAuthStateMismatchError } from '../../errors/OAuthStateMismatchError'
import type { OAuthUnknownError } from '../../errors/OAuthUnknownError'
import type { OAuthUserDeniedError } from '../../errors/OAuthUserDeniedError'
import type { RequestErrorType } from '../../http/request'
import { consumeOAuthFlow } from '../../oauth/consumeOAuthFlow'
import type { OAuthTokens } from '../../oauth/OAuthTokens'
import { authenticate, beginAuthFlow } from '../../session/authenticate'

/** Parameters of {@link loginWithOAuth}. */
export type LoginWithOAuthParameters = {
  /** `privy_oauth_code` of the return (from the popup or the page's URL). */
  authorizationCode: string
  /** `privy_oauth_state` of the return: must be the state this browser sent. */
  stateCode: string
  /** Sign-in mode; default `'no-signup'` when the flow began with `disableSignup`, else `'login-or-sign-up'`. */
  mode?: AuthMode | undefined
}

/** Return type of {@link loginWithOAuth}. */
export type LoginWithOAuthReturnType = {
  /** The signed-in user. */
  user: User
  /** Whether this sign-in created the user. */
  isNewUser: boolean
  /** The provider the flow was started with. */
  provider: string
  /** The provider's tokens when the app asks for them, else `null`. */
  oauthTokens: OAuthTokens | null
}

/** What {@link loginWithOAuth} throws (an action that calls others includes theirs). */
export type LoginWithOAuthErrorType =
  | RequestErrorType
  | NoAuthFlowError
  | OAuthFlowMissingError
  | OAuthStateMismatchError
  | OAuthUnknownError
  | OAuthUserDeniedError

/**
 * Finishes an OAuth sign-in (docs/modal.md "OAuth", docs/limits.md, docs/api.md): checks the return against
 * the stored flow (no stored verifier → 'Authentication error.'; another state → a client error and no call;
 * the code `'undefined'` → the user denied), then `POST /api/v1/oauth/authenticate` with
 * `{ authorization_code, state_code, code_verifier, mode }` (and `provider: 'privy:<appId>'` for a cross-app
 * flow, whose provider access token is then kept per provider app). Retried like every call: the code is
 * single use, so the server answers a retry with the first answer (docs/api.md#retries). Stores the tokens
 * (docs/sessions.md "Session tokens") and records the provider as the recent login method. One authentication
 * at a time per client; the same return twice shares one call.
 *
 * @throws {OAuthFlowMissingError} `'oauth_flow_missing'`: 'Authentication error.'
 * @throws {OAuthStateMismatchError} `'oauth_state_mismatch'`.
 * @throws {OAuthUserDeniedError} `'OAUTH_USER_DENIED'`: 'Invalid code during oauth flow.'
 * @throws {OAuthUnknownError} `'UNKNOWN_AUTH_ERROR'`: the provider answered with an error.
 * @throws {ApiError} e.g. `invalid_credentials` (401, code expired or used), `oauth_state_mismatch`,
 *   `invalid_pkce_parameters` (400), `oauth_account_suspended`, `allowlist_rejected`,
 *   `disallowed_login_method` (403), `user_does_not_exist` (404, `'no-signup'`), `too_many_requests` (429).
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @example
 * const result = await startOAuthFlow(client, { provider: 'google', mode: 'popup' })
 * if (result.mode === 'popup') {
 *   const { user, isNewUser } = await loginWithOAuth(client, result)
 * }
 */
export function loginWithOAuth(
  client: FoyerClient,
  parameters: LoginWithOAuthParameters,
): Promise<LoginWithOAuthReturnType> {
  const key = JSON.stringify([
    'oauth',
    parameters.authorizationCode,
    parameters.stateCode,
    parameters.mode ?? null,
  ])
  return runExclusive(client, 'authenticate', key, async () => {
    const authFlow = beginAuthFlow(client)
    const flow = await consumeOAuthFlow(client, parameters)
    const mode: AuthMode = parameters.mode ?? (flow.disableSignup ? 'no-signup' : 'login-or-sign-up')
    // Cross-app (docs/wire.md#oauth): the provider goes along, and the provider access token is kept.
    const providerAppId = crossAppProviderAppId(flow.provider)
    const { user, isNewUser, oauthTokens } = await authenticate(
      client,
      {
        endpoint: 'POST /api/v1/oauth/authenticate',
        body: {
          authorization_code: parameters.authorizationCode,
          state_code: parameters.stateCode,
          code_verifier: flow.codeVerifier,
          mode,
          ...(providerAppId === null ? {} : { provider: flow.provider }),
        },
        ...(isOAuthProvider(flow.provider) ? { method: flow.provider as OAuthProvider } : {}),
        ...(providerAppId === null ? {} : { method: `privy:${providerAppId}` as const }),
      },
      authFlow,
    )
    if (providerAppId !== null && oauthTokens?.access_token)
      await storeCrossAppToken(client, providerAppId, oauthTokens.access_token)
    return { user, isNewUser, provider: flow.provider, oauthTokens: oauthTokens ?? null }
  })
}
