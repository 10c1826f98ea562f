import { OAUTH_DENIED_CODE, OAUTH_ERROR_CODE } from '@foyer/protocol'
import type { FoyerClient } from '../client/FoyerClient'
import { OAuthFlowMissingError } from '../errors/OAuthFlowMissingError'
import { OAuthStateMismatchError } from '../errors/OAuthStateMismatchError'
import { OAuthUnknownError } from '../errors/OAuthUnknownError'
import { OAuthUserDeniedError } from '../errors/OAuthUserDeniedError'
import { clearOAuthFlow, readOAuthFlow, type StoredOAuthFlow } from './oauthFlowStorage'

/**
 * The checks before an OAuth code goes to the server (docs/limits.md, docs/wire.md#oauth), in order:
 * 1. a flow is stored (its PKCE verifier), else 'Authentication error.';
 * 2. the returned state is the stored one, else a client error and no call (the flow is kept: a forged
 *    return must not cancel the user's real one);
 * 3. the flow is forgotten (the verifier is single use);
 * 4. the code is not the literal `'undefined'` (the user denied) nor `'error'`.
 *
 * @returns The stored flow, whose verifier goes with the code.
 * @throws {OAuthFlowMissingError} `'oauth_flow_missing'`. @throws {OAuthStateMismatchError}
 *   `'oauth_state_mismatch'`. @throws {OAuthUserDeniedError} `'OAUTH_USER_DENIED'`.
 *   @throws {OAuthUnknownError} `'UNKNOWN_AUTH_ERROR'`.
 * @internal
 */
export async function consumeOAuthFlow(
  client: FoyerClient,
  parameters: { authorizationCode: string; stateCode: string },
): Promise<StoredOAuthFlow> {
  const flow = await readOAuthFlow(client)
  if (!flow) throw new OAuthFlowMissingError()
  if (!parameters.stateCode || parameters.stateCode !== flow.stateCode) throw new OAuthStateMismatchError()
  await clearOAuthFlow(client)
  if (parameters.authorizationCode === OAUTH_DENIED_CODE)
    throw new OAuthUserDeniedError({ provider: flow.provider })
  if (!parameters.authorizationCode || parameters.authorizationCode === OAUTH_ERROR_CODE)
    throw new OAuthUnknownError({ details: 'The provider answered with an error.' })
  return flow
}
