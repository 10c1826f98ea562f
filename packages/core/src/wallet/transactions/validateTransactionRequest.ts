import type { FoyerChain } from '../../chains/FoyerChain'
import { ChainNotConfiguredError } from '../errors/ChainNotConfiguredError'
import { InvalidTransactionRequestError } from '../errors/InvalidTransactionRequestError'
import type { EthereumTransactionRequest, RpcTransactionRequest } from './EthereumTransactionRequest'

/** Parameters of {@link validateTransactionRequest}. */
export type ValidateTransactionRequestParameters = {
  /** The request as the app passed it. */
  request: unknown
  /** The configured chains. */
  chains: readonly FoyerChain[]
  /** The chain used when the request names none (the wallet's current chain). */
  defaultChainId: number
}

/** Return type of {@link validateTransactionRequest}. */
export type ValidateTransactionRequestReturnType = {
  /** The chain the transaction goes to. */
  chain: FoyerChain
  /** The request with hex quantities and `chainId` set. */
  request: RpcTransactionRequest
  /** The request's quantities as bigints (absent ones omitted). */
  quantities: {
    value: bigint
    gas?: bigint
    gasPrice?: bigint
    maxFeePerGas?: bigint
    maxPriorityFeePerGas?: bigint
  }
}

const quantityFields = [
  'gasLimit',
  'gas',
  'gasPrice',
  'value',
  'maxPriorityFeePerGas',
  'maxFeePerGas',
] as const
const hexQuantity = /^-?0x[0-9a-fA-F]+$/
const hexData = /^0x([0-9a-fA-F]{2})*$/
const addressPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * Validates and normalizes an Ethereum transaction request (docs/limits.md), as a
 * checklist:
 * 1. the request is an object, else 'Invalid transaction request';
 * 2. `gasLimit`/`gas`, `gasPrice`, `value`, `maxPriorityFeePerGas`, `maxFeePerGas`, when present, are a
 *    number (an integer), a bigint or a hex string with an optional minus sign, else "Transaction request
 *    property '{field}' must be a valid number, bigint, or hex string representing a quantity";
 * 3. `chainId`, when present, is a number, else 'Invalid transaction request'; absent → `defaultChainId`;
 * 4. the chain is one of `chains`, else {@link ChainNotConfiguredError};
 * 5. `to` and `from`, when present, are 20-byte hex addresses; `data` is hex; `nonce` a non-negative integer.
 *
 * @returns the chain, the JSON-RPC form of the request, and its quantities as bigints
 * @throws {InvalidTransactionRequestError} code `'invalid_transaction_request'`
 * @throws {ChainNotConfiguredError} code `'chain_not_configured'`
 * @example
 * const { chain, request } = validateTransactionRequest({
 *   request: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 16n },
 *   chains: [anvil],
 *   defaultChainId: 31337,
 * })
 * request.value // '0x2386f26fc10000'
 */
export function validateTransactionRequest(
  parameters: ValidateTransactionRequestParameters,
): ValidateTransactionRequestReturnType {
  const input = parameters.request
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new InvalidTransactionRequestError({ details: 'the request is not an object' })
  }
  const tx = input as EthereumTransactionRequest & Record<string, unknown>

  const parsed: Partial<Record<(typeof quantityFields)[number], bigint>> = {}
  for (const field of quantityFields) {
    const value = tx[field]
    if (value === undefined || value === null) continue
    const quantity = toQuantity(value)
    if (quantity === undefined) throw new InvalidTransactionRequestError({ field, quantity: true })
    parsed[field] = quantity
  }

  if (tx.chainId !== undefined && (typeof tx.chainId !== 'number' || !Number.isSafeInteger(tx.chainId))) {
    throw new InvalidTransactionRequestError({ field: 'chainId', details: 'chainId must be a number' })
  }
  const chainId = tx.chainId ?? parameters.defaultChainId
  const chain = parameters.chains.find((candidate) => candidate.id === chainId)
  if (!chain) throw new ChainNotConfiguredError({ chainId })

  for (const field of ['to', 'from'] as const) {
    const value = tx[field]
    if (value !== undefined && (typeof value !== 'string' || !addressPattern.test(value))) {
      throw new InvalidTransactionRequestError({ field, details: `${field} must be an address` })
    }
  }
  if (tx.data !== undefined && (typeof tx.data !== 'string' || !hexData.test(tx.data))) {
    throw new InvalidTransactionRequestError({ field: 'data', details: 'data must be hex' })
  }
  if (
    tx.nonce !== undefined &&
    (typeof tx.nonce !== 'number' || !Number.isSafeInteger(tx.nonce) || tx.nonce < 0)
  ) {
    throw new InvalidTransactionRequestError({
      field: 'nonce',
      details: 'nonce must be a non-negative integer',
    })
  }

  const gas = parsed.gas ?? parsed.gasLimit
  const request: RpcTransactionRequest = { chainId: toHex(BigInt(chain.id)) }
  if (tx.to) request.to = tx.to as `0x${string}`
  if (tx.from) request.from = tx.from as `0x${string}`
  if (tx.data) request.data = tx.data as `0x${string}`
  if (parsed.value !== undefined) request.value = toHex(parsed.value)
  if (gas !== undefined) request.gas = toHex(gas)
  if (parsed.gasPrice !== undefined) request.gasPrice = toHex(parsed.gasPrice)
  if (parsed.maxFeePerGas !== undefined) request.maxFeePerGas = toHex(parsed.maxFeePerGas)
  if (parsed.maxPriorityFeePerGas !== undefined)
    request.maxPriorityFeePerGas = toHex(parsed.maxPriorityFeePerGas)
  if (tx.nonce !== undefined) request.nonce = toHex(BigInt(tx.nonce))
  if (tx.type !== undefined) {
    const type = toQuantity(tx.type)
    if (type === undefined || type < 0n) throw new InvalidTransactionRequestError({ field: 'type' })
    request.type = toHex(type)
  }

  return {
    chain,
    request,
    quantities: {
      value: parsed.value ?? 0n,
      ...(gas === undefined ? {} : { gas }),
      ...(parsed.gasPrice === undefined ? {} : { gasPrice: parsed.gasPrice }),
      ...(parsed.maxFeePerGas === undefined ? {} : { maxFeePerGas: parsed.maxFeePerGas }),
      ...(parsed.maxPriorityFeePerGas === undefined
        ? {}
        : { maxPriorityFeePerGas: parsed.maxPriorityFeePerGas }),
    },
  }
}

/** A quantity as a bigint, or `undefined` when it is not a number, bigint or hex string (docs/limits.md). */
function toQuantity(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value === 'string' && hexQuantity.test(value)) {
    return value.startsWith('-') ? -BigInt(value.slice(1)) : BigInt(value)
  }
  return undefined
}

function toHex(value: bigint): `0x${string}` {
  return value < 0n ? (`-0x${(-value).toString(16)}` as `0x${string}`) : `0x${value.toString(16)}`
}
