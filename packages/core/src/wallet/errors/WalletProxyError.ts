import type { FrameErrorType } from '@foyer/protocol'
import { BaseError } from '../../errors/BaseError'

/**
 * Codes of {@link WalletProxyError}: the frame's error types (docs/errors.md) and the host's own failures.
 */
export type WalletProxyErrorCode =
  | FrameErrorType
  /** The frame did not answer within the request's timeout. */
  | 'wallet_proxy_timeout'
  /** The proxy was destroyed (logout, client teardown) while the request was pending. */
  | 'wallet_proxy_destroyed'
  /** The frame answered with a message that failed its schema. */
  | 'wallet_proxy_invalid_reply'
  /** There is no document to mount the frame in (server rendering). */
  | 'wallet_proxy_unavailable'

/**
 * A request to the wallet frame failed. `code` is the frame's error `type` (`'wallet_not_on_device'`,
 * `'invalid_recovery_pin'`, `'invalid_request_arguments'`, …; docs/errors.md) or a host-side code
 * (`'wallet_proxy_timeout'`, …). `rpcCode` carries the frame's EIP-1193 / JSON-RPC code when it sent one
 * (4200, 4900, 4902, -32603).
 *
 * @example
 * catch (error) {
 *   if (error instanceof WalletProxyError && error.code === 'invalid_recovery_pin') showWrongPassword()
 * }
 */
export class WalletProxyError extends BaseError {
  override name = 'WalletProxyError'
  declare readonly code: WalletProxyErrorCode
  /** EIP-1193 / JSON-RPC code sent by the frame, when any. */
  readonly rpcCode: number | undefined
  /** The frame event of the failed request. */
  readonly event: string | undefined

  constructor(
    shortMessage: string,
    parameters: { code: WalletProxyErrorCode; rpcCode?: number | undefined; event?: string; cause?: unknown },
  ) {
    super(shortMessage, { code: parameters.code, details: parameters.event, cause: parameters.cause })
    this.rpcCode = parameters.rpcCode
    this.event = parameters.event
  }
}
