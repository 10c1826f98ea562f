import { FrameRequestError } from '../../errors/FrameRequestError'

/** A transaction request with quantities as bigints (what viem's prepare/sign take). */
export type ParsedTransactionRequest = {
  from?: `0x${string}`
  to?: `0x${string}` | null
  data?: `0x${string}`
  value?: bigint
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  nonce?: number
  chainId?: number
  type?: 'legacy' | 'eip2930' | 'eip1559'
  accessList?: readonly { address: `0x${string}`; storageKeys: readonly `0x${string}`[] }[]
}

const quantityFields = [
  'value',
  'gas',
  'gasLimit',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
] as const
const addressPattern = /^0x[0-9a-fA-F]{40}$/
const hexPattern = /^0x[0-9a-fA-F]*$/

function invalid(message: string): FrameRequestError {
  return new FrameRequestError('invalid_request_arguments', message, { code: 4200 })
}

/**
 * docs/limits.md: a quantity is a number, a bigint or a hex string (optional minus sign, refused here as <
 * 0).
 */
function toQuantity(field: string, value: unknown): bigint {
  const message = `Transaction request property '${field}' must be a valid number, bigint, or hex string representing a quantity`
  if (typeof value === 'bigint') {
    if (value < 0n) throw invalid(message)
    return value
  }
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw invalid(message)
    return BigInt(value)
  }
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value)
  throw invalid(message)
}

const typeNames: Record<string, ParsedTransactionRequest['type']> = {
  '0x0': 'legacy',
  '0x1': 'eip2930',
  '0x2': 'eip1559',
  legacy: 'legacy',
  eip2930: 'eip2930',
  eip1559: 'eip1559',
}

/**
 * Reads an `eth_signTransaction` / `eth_sendTransaction` request object (EIP-1474 fields; `gasLimit` is
 * accepted for `gas`, `input` for `data`). Quantities: number, bigint or hex string (docs/limits.md).
 * `gasPrice` with EIP-1559 fees is refused, unless `type` is EIP-1559 (`0x2`, `2` or `'eip1559'`): then
 * `gasPrice` is dropped. Throws `FrameRequestError('invalid_request_arguments', code 4200)` with the
 * documented message otherwise.
 *
 * @example parseTransactionRequest({ to: '0x…', value: '0x2386f26fc10000' })
 */
export function parseTransactionRequest(input: unknown): ParsedTransactionRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw invalid('Invalid transaction request')
  const raw = input as Record<string, unknown>
  const parsed: ParsedTransactionRequest = {}
  if (raw.from !== undefined) {
    if (typeof raw.from !== 'string' || !addressPattern.test(raw.from))
      throw invalid('Invalid transaction request')
    parsed.from = raw.from as `0x${string}`
  }
  if (raw.to !== undefined && raw.to !== null) {
    if (typeof raw.to !== 'string' || !addressPattern.test(raw.to))
      throw invalid('Invalid transaction request')
    parsed.to = raw.to as `0x${string}`
  }
  const data = raw.data ?? raw.input
  if (data !== undefined && data !== null) {
    if (typeof data !== 'string' || !hexPattern.test(data)) throw invalid('Invalid transaction request')
    parsed.data = data as `0x${string}`
  }
  for (const field of quantityFields) {
    if (raw[field] === undefined || raw[field] === null) continue
    const value = toQuantity(field, raw[field])
    if (field === 'gasLimit' || field === 'gas') parsed.gas = value
    else parsed[field] = value
  }
  if (raw.nonce !== undefined && raw.nonce !== null) {
    const nonce = toQuantity('nonce', raw.nonce)
    if (nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid('Invalid transaction request')
    parsed.nonce = Number(nonce)
  }
  if (raw.chainId !== undefined && raw.chainId !== null) {
    const chainId = toQuantity('chainId', raw.chainId)
    if (chainId === 0n || chainId > BigInt(Number.MAX_SAFE_INTEGER))
      throw invalid('Invalid transaction request')
    parsed.chainId = Number(chainId)
  }
  if (raw.type !== undefined && raw.type !== null) {
    const type = typeof raw.type === 'number' ? `0x${raw.type.toString(16)}` : raw.type
    const name = typeof type === 'string' ? typeNames[type] : undefined
    if (!name) throw invalid('Unsupported transaction type')
    parsed.type = name
  }
  if (raw.accessList !== undefined) {
    if (!Array.isArray(raw.accessList)) throw invalid('Invalid transaction request')
    parsed.accessList = raw.accessList as ParsedTransactionRequest['accessList'] & object
  }
  if (
    parsed.gasPrice !== undefined &&
    (parsed.maxFeePerGas !== undefined || parsed.maxPriorityFeePerGas !== undefined)
  ) {
    // viem's `prepareTransactionRequest` fills `gasPrice` beside the EIP-1559 fees, and the reference client
    // signs what it returns: an explicit EIP-1559 type settles it (docs/interop.md, 'Decisions').
    if (parsed.type !== 'eip1559') throw invalid('Cannot specify both gasPrice and maxFeePerGas')
    delete parsed.gasPrice
  }
  return parsed
}
