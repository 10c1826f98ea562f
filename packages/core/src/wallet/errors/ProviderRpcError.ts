/**
 * An EIP-1193 provider error: `{ code, message, data? }` with a numeric code (EIP-1193 §"Provider Errors",
 * EIP-1474): 4001 user rejected, 4100 unauthorized, 4200 unsupported method or params not an array
 * (docs/limits.md), 4900 disconnected, 4902 unrecognized chain, -32602 invalid params, -32603 internal error.
 * viem's `custom` transport and wagmi read `code` to map it to their own error classes.
 *
 * @example
 * catch (error) {
 *   if (error instanceof ProviderRpcError && error.code === 4001) return // rejected
 * }
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  /** EIP-1193 / JSON-RPC error code. */
  readonly code: number
  /** Extra data, e.g. the wallet frame's error type. */
  readonly data: unknown

  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.data = options.data
  }
}
