import { bytesToHex, hexToBytes } from 'viem'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { getWalletProxy } from '../../wallet/proxy/getWalletProxy'
import { requireAccessToken } from '../../wallet/requireAccessToken'

/** What {@link signFarcasterMessage} throws (an action that calls others includes theirs). */
export type SignFarcasterMessageErrorType = RequestErrorType | WalletProxyErrorType

/**
 * Signs a Farcaster message hash with the user's signer key inside the wallet frame (docs/api.md frame event
 * `farcaster:sign`): ed25519 (RFC 8032) over the bytes given — for a Farcaster message, its 20-byte BLAKE3
 * `hash` — as a hub checks a message's `signature` against its `signer`. The key never leaves the frame.
 *
 * @param parameters.messageHash the bytes to sign (1..1024), or `0x` hex
 * @returns the 64-byte signature
 * @throws {EmbeddedWalletError} `'invalid_message'` for an empty or malformed hash, `'not_authenticated'`.
 * @throws {WalletProxyError} `'error'` 'No Farcaster signer on this device' before `initFarcasterSigner`.
 * @example
 * const signature = await signFarcasterMessage(client, { messageHash: message.hash })
 */
export async function signFarcasterMessage(
  client: FoyerClient,
  parameters: { messageHash: Uint8Array | `0x${string}` },
): Promise<Uint8Array> {
  const { messageHash } = parameters
  const hash = typeof messageHash === 'string' ? messageHash.toLowerCase() : bytesToHex(messageHash)
  if (!/^0x(?:[0-9a-f]{2}){1,1024}$/.test(hash)) throw new EmbeddedWalletError('invalid_message')
  const accessToken = await requireAccessToken(client)
  const proxy = await getWalletProxy(client)
  const { signature } = await proxy.request('privy:farcaster:sign', { accessToken, payload: { hash } })
  return hexToBytes(signature as `0x${string}`)
}
