import type { AuthResponse, EndpointBody, EndpointName, OAuthTokens, User } from '@foyer/protocol'
import { sdkEvents, trackSdkEvent } from '../analytics/sdkEvents'
import type { FoyerClient } from '../client/FoyerClient'
import { BaseError } from '../errors/BaseError'
import { NoAuthFlowError } from '../errors/NoAuthFlowError'
import { type RequestParameters, request } from '../http/request'
import { applyAuthResponse } from './applyAuthResponse'
import { type RecentLoginMethod, recordRecentLoginMethod } from './recordRecentLoginMethod'
import { revokeOrphanSession } from './revokeOrphanSession'

/**
 * A sign-in flow as it began: the client's auth-flow generation at that moment. A logout bumps the
 * generation, so an answer that arrives after it belongs to a cleared flow (docs/sessions.md).
 *
 * @internal
 */
export type AuthFlow = { generation: number }

/**
 * Marks the start of a sign-in flow. Call it before any step that waits on the user or the network (a
 * passkey prompt, a wallet signature), so that a logout during that step also drops the answer.
 *
 * @internal
 */
export function beginAuthFlow(client: FoyerClient): AuthFlow {
  return { generation: client._internal.tasks.authFlowGeneration }
}

/**
 * The sign-in calls: every call of the endpoint table whose answer is an auth response (passkey sign-up too;
 * not the recovery OAuth exchange, which answers a Google access token).
 */
export type AuthenticateEndpoint =
  | Exclude<
      { [Name in EndpointName]: Name extends `POST ${string}/authenticate` ? Name : never }[EndpointName],
      'POST /api/v1/recovery/oauth/authenticate'
    >
  | 'POST /api/v1/passkeys/register'

/**
 * Parameters of {@link authenticate}: the sign-in call and its body (typed by the endpoint table), and the
 * landing login method it is (`'email'`, `'sms'`, `'passkey'`, `'wallet'`), omitted for sign-ins the landing
 * does not offer (guest, custom JWT).
 */
export type AuthenticateParameters = {
  [Name in AuthenticateEndpoint]: { endpoint: Name; body: EndpointBody<Name>; method?: RecentLoginMethod }
}[AuthenticateEndpoint]

/**
 * The last step of every sign-in: `POST path` with `body`, retried like every call: it consumes a code, nonce
 * or assertion, so the server answers a retry with the first answer (docs/api.md#retries). If a logout cleared `flow` meanwhile, the answer's session is revoked and the call
 * rejects with {@link NoAuthFlowError}; otherwise the tokens are stored and `state.user` set
 * ({@link applyAuthResponse}). When the sign-in succeeded (a user is set: not `session_update_action:
 * 'clear'`) and `parameters.method` names it, that method is stored as the app's recent one
 * ({@link recordRecentLoginMethod}, docs/modal.md "Recent" badge).
 *
 * @param parameters See {@link AuthenticateParameters}.
 * @param flow The flow from {@link beginAuthFlow}. Default: one that begins now.
 * @returns The signed-in user, whether this sign-in created it, and the provider's `oauth_tokens` when the
 *   server returned them (OAuth).
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @throws Whatever {@link request} throws (`ApiError`, `TimeoutError`, `NetworkError`).
 * @internal
 */
export async function authenticate(
  client: FoyerClient,
  parameters: AuthenticateParameters,
  flow: AuthFlow = beginAuthFlow(client),
): Promise<{ user: User; isNewUser: boolean; oauthTokens: OAuthTokens | undefined }> {
  const method = analyticsMethodOf(parameters)
  let response: AuthResponse
  try {
    response = await request(client, parameters.endpoint, {
      body: parameters.body,
    } as RequestParameters<typeof parameters.endpoint>)
  } catch (error) {
    const code = error instanceof BaseError ? error.code : 'unknown'
    trackSdkEvent(client, sdkEvents.loginFailed, { method, code })
    throw error
  }
  if (client._internal.tasks.authFlowGeneration !== flow.generation) {
    await revokeOrphanSession(client, response)
    throw new NoAuthFlowError({ details: 'A logout cleared this sign-in while it was in flight.' })
  }
  const user = await applyAuthResponse(client, response)
  if (user && parameters.method) await recordRecentLoginMethod(client, parameters.method)
  if (user) trackSdkEvent(client, sdkEvents.loginCompleted, { method, isNewUser: response.is_new_user })
  return { user: response.user, isNewUser: response.is_new_user, oauthTokens: response.oauth_tokens }
}

/**
 * The method an analytics event names (see `sdkEvents`): the landing's login method when the sign-in has
 * one, else the call's (`'guest'`, `'custom'` for a custom JWT, `'oauth'` …).
 */
function analyticsMethodOf(parameters: AuthenticateParameters): string {
  if (parameters.method) return parameters.method
  const feature = parameters.endpoint.split('/')[3] ?? 'unknown'
  return feature === 'custom_jwt_account' ? 'custom' : feature
}
