import { crossAppProviderAppId, type User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import { storeCrossAppToken } from '../../crossApp/crossAppTokenStorage'
import type { OAuthFlowMissingError } from '../../errors/OAuthFlowMissingError'
import type { OAuthStateMismatchError } from '../../errors/OAuthStateMismatchError'
import type { OAuthUnknownError } from '../../errors/OAuthUnknownError'
import type { OAuthUserDeniedError } from '../../errors/OAuthUserDeniedError'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { consumeOAuthFlow } from '../../oauth/consumeOAuthFlow'
import type { OAuthTokens } from '../../oauth/OAuthTokens'
import { adoptChangedUser } from '../../session/adoptLinkedUser'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link linkOAuth}. */
export type LinkOAuthParameters = {
  /** `privy_oauth_code` of the return of a flow started with `action: 'link'`. */
  authorizationCode: string
  /** `privy_oauth_state` of the return: must be the state this browser sent. */
  stateCode: string
}

/** Return type of {@link linkOAuth}. */
export type LinkOAuthReturnType = {
  /** The user with the provider's account linked. */
  user: User
  /** The provider the flow was started with. */
  provider: string
  /** The provider's tokens when the app asks for them, else `null`. */
  oauthTokens: OAuthTokens | null
}

/** What {@link linkOAuth} throws (an action that calls others includes theirs). */
export type LinkOAuthErrorType =
  | RequestErrorType
  | OAuthFlowMissingError
  | OAuthStateMismatchError
  | OAuthUnknownError
  | OAuthUserDeniedError

/**
 * Links an OAuth account to the signed-in user (docs/limits.md, docs/api.md): the same checks as
 * `loginWithOAuth` (stored verifier, state, denial), then `POST /api/v1/oauth/link` (Bearer) with
 * `{ authorization_code, state_code, code_verifier }`; then the session is refreshed
 * (`POST /api/v1/sessions`) and its user is the result, the link answer's user being the fallback. Retried
 * like every call (docs/api.md#retries); one link at a time per client.
 *
 * @throws {OAuthFlowMissingError} `'oauth_flow_missing'`: 'Authentication error.'
 * @throws {OAuthStateMismatchError} `'oauth_state_mismatch'`.
 * @throws {OAuthUserDeniedError} `'OAUTH_USER_DENIED'`. @throws {OAuthUnknownError} `'UNKNOWN_AUTH_ERROR'`.
 * @throws {ApiError} `linked_to_another_user` (400, 'This account has already been linked to another user.'),
 *   `cannot_link_more_of_type` (400, 'You cannot authorize more than one account for this user.'),
 *   `oauth_account_suspended`, `missing_or_invalid_token` (401, not signed in), `invalid_credentials` (401).
 * @example
 * const result = await startOAuthFlow(client, { provider: 'github', mode: 'popup', action: 'link' })
 * if (result.mode === 'popup') await linkOAuth(client, result)
 */
export function linkOAuth(
  client: FoyerClient,
  parameters: LinkOAuthParameters,
): Promise<LinkOAuthReturnType> {
  const key = JSON.stringify(['oauth', parameters.authorizationCode, parameters.stateCode])
  return runExclusive(client, 'link', key, async () => {
    // The session first: without one the single-use flow must not be spent.
    const accessToken = await getAccessToken(client)
    const flow = await consumeOAuthFlow(client, parameters)
    const providerAppId = crossAppProviderAppId(flow.provider)
    const answer = await request(client, 'POST /api/v1/oauth/link', {
      body: {
        authorization_code: parameters.authorizationCode,
        state_code: parameters.stateCode,
        code_verifier: flow.codeVerifier,
        // Cross-app (docs/wire.md#oauth): the provider goes along.
        ...(providerAppId === null ? {} : { provider: flow.provider }),
      },
      accessToken,
    })
    const { oauth_tokens, ...linked } = answer
    if (providerAppId !== null && oauth_tokens?.access_token)
      await storeCrossAppToken(client, providerAppId, oauth_tokens.access_token)
    const user = await adoptChangedUser(client, linked)
    return { user, provider: flow.provider, oauthTokens: oauth_tokens ?? null }
  })
}
