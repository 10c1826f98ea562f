import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link unlinkWallet}. */
export type UnlinkWalletParameters = {
  /** The linked wallet's address, as in its linked account. */
  address: string
  /** Its chain type: `'ethereum'` (SIWE) or `'solana'` (SIWS). */
  chainType: 'ethereum' | 'solana'
}

/** What {@link unlinkWallet} throws (an action that calls others includes theirs). */
export type UnlinkWalletErrorType = RequestErrorType

/**
 * Unlinks an external wallet from the signed-in user: `POST /api/v1/siwe/unlink` or `/api/v1/siws/unlink`
 * `{ address }` (docs/api.md); `state.user` becomes the answered user.
 *
 * @throws {ApiError} `cannot_unlink_embedded_wallet` (400: 'Cannot unlink an embedded wallet'),
 *   `cannot_unlink_sole_account` (400), `not_found` (404), `missing_or_invalid_token` (401).
 * @example
 * await unlinkWallet(client, { address: account.address, chainType: account.chain_type })
 */
export function unlinkWallet(client: FoyerClient, parameters: UnlinkWalletParameters): Promise<User> {
  const family = parameters.chainType === 'solana' ? 'siws' : 'siwe'
  return runExclusive(client, 'link', `unlink-wallet:${parameters.address}`, async () => {
    const user = await request(client, `POST /api/v1/${family}/unlink`, {
      body: { address: parameters.address },
      accessToken: await getAccessToken(client),
    })
    client._internal.setState({ user })
    return user
  })
}
