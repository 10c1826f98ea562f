import { type GetAccessTokenErrorType, getAccessToken } from '../actions/session/getAccessToken'
import type { FoyerClient } from '../client/FoyerClient'
import { EmbeddedWalletError } from './errors/EmbeddedWalletError'

/** What {@link requireAccessToken} throws: `'not_authenticated'`, or a failed refresh. */
export type RequireAccessTokenErrorType = EmbeddedWalletError | GetAccessTokenErrorType

/**
 * The access token for a wallet frame request (the frame's only credential; docs/api.md).
 *
 * @throws {EmbeddedWalletError} `'not_authenticated'` when signed out.
 * @internal
 */
export async function requireAccessToken(client: FoyerClient): Promise<string> {
  const token = await getAccessToken(client)
  if (!token) throw new EmbeddedWalletError('not_authenticated')
  return token
}
