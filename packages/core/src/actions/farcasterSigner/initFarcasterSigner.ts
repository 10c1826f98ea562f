import type { FarcasterSigner } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { getWalletProxy } from '../../wallet/proxy/getWalletProxy'
import { requireAccessToken } from '../../wallet/requireAccessToken'

/** What {@link initFarcasterSigner} throws (an action that calls others includes theirs). */
export type InitFarcasterSignerErrorType = RequestErrorType | WalletProxyErrorType

/**
 * Asks the wallet frame for the user's Farcaster signer (docs/api.md frame event `farcaster:init-signer`):
 * the frame makes (or reuses) an ed25519 key that never leaves it and has the server submit a signed key
 * request (`POST /api/v1/farcaster/signer/init`, docs/wire.md#farcaster).
 *
 * @returns the Signer: `pending_approval` with `signer_approval_url` (the link or QR to open in the
 *   Farcaster app), or `approved` / `revoked` with the user's `fid` (a string)
 * @throws {EmbeddedWalletError} `'not_authenticated'` when signed out.
 * @throws {WalletProxyError} the frame's error, e.g. `'error'` with the server's message ('Link a Farcaster
 *   account before adding a signer', 'Farcaster signers are not enabled for this app').
 * @example
 * const signer = await initFarcasterSigner(client)
 * if (signer.status === 'pending_approval') showQr(signer.signer_approval_url)
 */
export async function initFarcasterSigner(client: FoyerClient): Promise<FarcasterSigner> {
  const accessToken = await requireAccessToken(client)
  const proxy = await getWalletProxy(client)
  return proxy.request('privy:farcaster:init-signer', { accessToken })
}
