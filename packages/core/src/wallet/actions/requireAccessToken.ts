import { getAccessToken } from '../../actions/getAccessToken'
import type { FoyerClient } from '../../client/FoyerClient'
import { EmbeddedWalletError } from '../errors/EmbeddedWalletError'

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
