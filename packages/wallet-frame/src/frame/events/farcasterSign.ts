import { isHex } from 'viem'
import { FrameRequestError } from '../../errors/FrameRequestError'
import type { FrameEventHandler } from '../FrameEventHandler'

/**
 * `privy:farcaster:sign`: signs `payload.hash` with the user's signer key (ed25519, RFC 8032),
 * `docs/frame-protocol.md#events`. Errors: `error` when this device holds no signer key.
 */
export const farcasterSign: FrameEventHandler<'privy:farcaster:sign'> = async (state, data) => {
  const { subject } = await state.verifyToken(data.accessToken)
  const { hash } = data.payload
  // The schema already admits only `0x` hex; the guard gives the type.
  if (!isHex(hash)) throw new FrameRequestError('invalid_request_arguments', 'Invalid hash')
  return state.farcasterSigner.sign(subject, hash)
}
