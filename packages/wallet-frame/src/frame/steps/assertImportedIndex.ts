import { FrameRequestError } from '../../errors/FrameRequestError'

/**
 * An imported key is one wallet, at index 0 (docs/embedded-wallets.md#imported-keys). Throws
 * `invalid_request_arguments` 'An imported wallet has no additional wallets' for any other index.
 */
export function assertImportedIndex(index: number): void {
  if (index !== 0)
    throw new FrameRequestError('invalid_request_arguments', 'An imported wallet has no additional wallets')
}
