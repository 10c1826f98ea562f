import { FrameRequestError } from '../errors/FrameRequestError'

/**
 * Checks an HD wallet index: an integer in 0..2^31-1 (a non-hardened BIP32 child; docs/limits.md: negative is
 * invalid). Throws `FrameRequestError('invalid_request_arguments')` otherwise.
 */
export function assertWalletIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31)
    throw new FrameRequestError('invalid_request_arguments', `Invalid wallet index ${index}`)
}
