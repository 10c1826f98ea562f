import type { FrameErrorType } from '@foyer/protocol'

/**
 * A failure the frame answers as `{ id, event, error: { type, message, code? } }` (docs/errors.md). `type` is
 * a wallet-proxy error type; `code` an EIP-1193 / JSON-RPC code where one applies (4100, 4200, 4900, 4902,
 * -32603). Messages never contain key material.
 *
 * @example throw new FrameRequestError('wallet_not_on_device', 'Wallet is not on this device')
 */
export class FrameRequestError extends Error {
  override name = 'FrameRequestError'
  readonly type: FrameErrorType
  readonly code: number | undefined

  constructor(type: FrameErrorType, message: string, options: { code?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.type = type
    this.code = options.code
  }
}
