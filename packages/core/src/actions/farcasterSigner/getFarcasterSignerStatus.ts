import type { FarcasterSignerStatus } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { fetchUser } from '../../session/fetchUser'
import type { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import { requireAccessToken } from '../../wallet/requireAccessToken'

/** Parameters of {@link getFarcasterSignerStatus}. */
export type GetFarcasterSignerStatusParameters = {
  /** The signer's ed25519 public key, `0x` + 64 hex digits (the Signer's `public_key`). */
  publicKey: string
}

/** What {@link getFarcasterSignerStatus} throws (an action that calls others includes theirs). */
export type GetFarcasterSignerStatusErrorType = RequestErrorType | EmbeddedWalletError

/**
 * `POST /api/v1/farcaster/signer/status` `{ ed25519_public_key }` (docs/api.md, docs/wire.md#farcaster). Once
 * `approved`, refreshes the user, whose Farcaster account then carries `signer_public_key`.
 *
 * @returns `{ status: 'pending_approval', public_key }` or `{ status: 'approved' | 'revoked', public_key, fid }`
 * @throws {ApiError} `not_found` (404, no such signer), `invalid_data` (400), `missing_or_invalid_token` (401).
 * @example const { status } = await getFarcasterSignerStatus(client, { publicKey })
 */
export async function getFarcasterSignerStatus(
  client: FoyerClient,
  parameters: GetFarcasterSignerStatusParameters,
): Promise<FarcasterSignerStatus> {
  const accessToken = await requireAccessToken(client)
  const status = await request(client, 'POST /api/v1/farcaster/signer/status', {
    body: { ed25519_public_key: parameters.publicKey },
    accessToken,
  })
  if (status.status === 'approved') client._internal.setState({ user: await fetchUser(client, accessToken) })
  return status
}
