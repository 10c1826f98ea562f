import { type FrameChain, rpcErrorCodes, simple7702AccountAddress } from '@foyer/protocol'
import {
  BaseError,
  createWalletClient,
  type Hex,
  http,
  InsufficientFundsError,
  isHex,
  RpcRequestError,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { FrameRequestError } from '../../errors/FrameRequestError'
import { type ParsedTransactionRequest, parseTransactionRequest } from './parseTransactionRequest'

export type HandleEthereumRpcParameters = {
  account: PrivateKeyAccount
  method: string
  params: unknown
  /** The provider's current chain. */
  chainId?: number | undefined
  /** The host's configured chains (switch targets; RPC for send and for filling nonce/gas/fees). */
  chains?: readonly FrameChain[] | undefined
  /** `fetch` for chain RPC (tests); default global fetch. */
  fetch?: typeof fetch | undefined
}

/** docs/errors.md text for a short balance. */
export const INSUFFICIENT_FUNDS_MESSAGE = 'Wallet has insufficient funds for this transaction.'

const unsupported = (message: string) =>
  new FrameRequestError('invalid_request_arguments', message, { code: rpcErrorCodes.unsupportedMethod })

function sameAddress(a: unknown, b: string): boolean {
  return typeof a === 'string' && a.toLowerCase() === b.toLowerCase()
}

function currentChainId(parameters: HandleEthereumRpcParameters): number {
  const id = parameters.chainId ?? parameters.chains?.[0]?.id
  if (id === undefined)
    throw new FrameRequestError('error', 'Unable to determine current chainId.', {
      code: rpcErrorCodes.internal,
    })
  return id
}

function rpcUrlOf(parameters: HandleEthereumRpcParameters, chainId: number): string | undefined {
  return parameters.chains?.find((chain) => chain.id === chainId)?.rpcUrl
}

/** viem's `InsufficientFundsError`, or a node message saying so anywhere in the cause chain (anvil answers -32003). */
function isInsufficientFunds(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 10; depth++) {
    if (cause instanceof InsufficientFundsError) return true
    const { message, details } = cause as { message?: unknown; details?: unknown }
    if (/insufficient funds/i.test(`${String(message)} ${String(details)}`)) return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

function translateChainError(error: unknown): FrameRequestError {
  if (error instanceof FrameRequestError) return error
  if (isInsufficientFunds(error))
    return new FrameRequestError('insufficient_funds', INSUFFICIENT_FUNDS_MESSAGE, { cause: error })
  // The node's own error text when the node refused ('nonce too low', 'replacement transaction
  // underpriced'): the SDK names the failure from it (docs/transaction-errors.md).
  const node =
    error instanceof BaseError ? error.walk((cause) => cause instanceof RpcRequestError) : undefined
  const message =
    node instanceof RpcRequestError && node.details
      ? node.details
      : error instanceof BaseError
        ? error.shortMessage
        : 'There was an issue preparing your transaction'
  return new FrameRequestError('error', message, { code: rpcErrorCodes.internal, cause: error })
}

function hasAllFields(tx: ParsedTransactionRequest): boolean {
  const fees =
    tx.gasPrice !== undefined || (tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined)
  return tx.nonce !== undefined && tx.gas !== undefined && fees
}

async function prepare(
  parameters: HandleEthereumRpcParameters,
  raw: unknown,
): Promise<{ tx: TransactionSerializable; rpcUrl: string | undefined }> {
  const parsed = parseTransactionRequest(raw)
  if (parsed.from !== undefined && !sameAddress(parsed.from, parameters.account.address))
    throw new FrameRequestError('invalid_request_arguments', 'Transaction `from` is not this wallet')
  const chainId = parsed.chainId ?? currentChainId(parameters)
  const { from: _from, ...fields } = parsed
  const rpcUrl = rpcUrlOf(parameters, chainId)
  if (parsed.chainId !== undefined && parameters.chains && !parameters.chains.some((c) => c.id === chainId))
    throw new FrameRequestError('invalid_request_arguments', `Unsupported chainId ${chainId}`, {
      code: rpcErrorCodes.unrecognizedChain,
    })
  if (hasAllFields(parsed))
    return { tx: { ...fields, chainId } as unknown as TransactionSerializable, rpcUrl }
  if (!rpcUrl)
    throw new FrameRequestError(
      'invalid_request_arguments',
      `Transaction needs nonce, gas and fees, and chain ${chainId} has no RPC URL`,
    )
  const client = createWalletClient({
    account: parameters.account,
    transport: http(rpcUrl, parameters.fetch ? { fetchFn: parameters.fetch } : {}),
  })
  const prepared = await client.prepareTransactionRequest({
    ...(fields as object),
    chain: null,
    chainId,
    account: parameters.account,
  } as Parameters<typeof client.prepareTransactionRequest>[0])
  const { account: _account, from: _f, parameters: _p, ...serializable } = prepared as Record<string, unknown>
  return { tx: serializable as TransactionSerializable, rpcUrl }
}

/**
 * Answers one Ethereum wallet JSON-RPC call with the unlocked `account`:
 * `personal_sign` [data, address] → EIP-191 signature; `eth_signTypedData_v4` [address, typedData] →
 * EIP-712 signature; `eth_signTransaction` [tx] → signed serialized tx; `eth_sendTransaction` [tx] → hash
 * (signed here, sent with `eth_sendRawTransaction` to the chain's RPC URL); `eth_chainId` → hex id;
 * `wallet_switchEthereumChain` [{ chainId }] → null (configured chains only); `eth_sign7702Authorization`
 * [{ contractAddress, chainId, nonce }] → `{ address, chainId, nonce, r, s, yParity }` (EIP-7702; only to
 * EntryPoint v0.8's `Simple7702Account`, on one chain, docs/gas-sponsorship.md#the-authorization).
 * Throws `FrameRequestError`: params not an array or unknown method → code 4200; unknown chain → 4902;
 * short balance → `insufficient_funds`; other failures → code -32603.
 *
 * @example await handleEthereumRpc({ account, method: 'personal_sign', params: ['0x68656c6c6f', account.address] })
 */
export async function handleEthereumRpc(parameters: HandleEthereumRpcParameters): Promise<unknown> {
  const { account, method, params } = parameters
  if (!Array.isArray(params))
    throw new FrameRequestError('invalid_request_arguments', 'Params must be an array', {
      code: rpcErrorCodes.unsupportedMethod,
    })
  switch (method) {
    case 'personal_sign': {
      const [data, address] = params
      if (typeof data !== 'string' || data.length === 0)
        throw new FrameRequestError('invalid_request_arguments', 'Message must be a non-empty string')
      if (address !== undefined && !sameAddress(address, account.address))
        throw new FrameRequestError('invalid_request_arguments', 'Address is not this wallet')
      return account.signMessage({ message: isHex(data) ? { raw: data as Hex } : data })
    }
    case 'eth_signTypedData_v4': {
      const [address, typedData] = params
      if (!sameAddress(address, account.address))
        throw new FrameRequestError('invalid_request_arguments', 'Address is not this wallet')
      let definition: unknown = typedData
      if (typeof typedData === 'string') {
        try {
          definition = JSON.parse(typedData)
        } catch {
          throw new FrameRequestError('invalid_request_arguments', 'Typed data is not valid JSON')
        }
      }
      if (typeof definition !== 'object' || definition === null)
        throw new FrameRequestError('invalid_request_arguments', 'Invalid typed data')
      try {
        return await account.signTypedData(definition as TypedDataDefinition)
      } catch (cause) {
        throw new FrameRequestError('invalid_request_arguments', 'Invalid typed data', { cause })
      }
    }
    case 'eth_signTransaction': {
      try {
        const { tx } = await prepare(parameters, params[0])
        return await account.signTransaction(tx)
      } catch (error) {
        throw translateChainError(error)
      }
    }
    case 'eth_sendTransaction': {
      try {
        const { tx, rpcUrl } = await prepare(parameters, params[0])
        if (!rpcUrl)
          throw new FrameRequestError('invalid_request_arguments', `Chain ${tx.chainId} has no RPC URL`, {
            code: rpcErrorCodes.unrecognizedChain,
          })
        const serializedTransaction = await account.signTransaction(tx)
        const client = createWalletClient({
          transport: http(rpcUrl, parameters.fetch ? { fetchFn: parameters.fetch } : {}),
        })
        return await client.sendRawTransaction({ serializedTransaction })
      } catch (error) {
        throw translateChainError(error)
      }
    }
    case 'eth_sign7702Authorization':
      return signSimple7702Authorization(account, params[0])
    case 'eth_chainId':
      return `0x${currentChainId(parameters).toString(16)}`
    case 'wallet_switchEthereumChain': {
      const target = params[0] as { chainId?: unknown } | undefined
      const chainId =
        typeof target?.chainId === 'string' && /^0x[0-9a-fA-F]+$/.test(target.chainId)
          ? Number.parseInt(target.chainId, 16)
          : typeof target?.chainId === 'number'
            ? target.chainId
            : undefined
      if (chainId === undefined)
        throw new FrameRequestError('invalid_request_arguments', 'Invalid chainId', {
          code: rpcErrorCodes.unsupportedMethod,
        })
      if (!parameters.chains?.some((chain) => chain.id === chainId))
        throw new FrameRequestError('invalid_request_arguments', 'Unsupported chainId', {
          code: rpcErrorCodes.unrecognizedChain,
        })
      return null
    }
    default:
      throw unsupported(`Unsupported method ${method}`)
  }
}

/**
 * Signs an EIP-7702 authorization delegating the wallet to EntryPoint v0.8's `Simple7702Account`: any other
 * contract would take the wallet over, and chain id 0 (every chain) is refused too. `chainId` and `nonce`
 * are non-negative safe integers (the authority's transaction count when the authorization is used).
 */
async function signSimple7702Authorization(account: PrivateKeyAccount, raw: unknown) {
  const { contractAddress, chainId, nonce } = (raw ?? {}) as Record<string, unknown>
  if (typeof contractAddress !== 'string' || !sameAddress(contractAddress, simple7702AccountAddress))
    throw new FrameRequestError(
      'invalid_request_arguments',
      "The wallet delegates only to EntryPoint v0.8's Simple7702Account",
    )
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0)
    throw new FrameRequestError('invalid_request_arguments', 'The authorization needs one chain id')
  if (typeof nonce !== 'number' || !Number.isSafeInteger(nonce) || nonce < 0)
    throw new FrameRequestError('invalid_request_arguments', 'The authorization needs a nonce')
  const signed = await account.signAuthorization({
    contractAddress: simple7702AccountAddress,
    chainId,
    nonce,
  })
  return { address: signed.address, chainId, nonce, r: signed.r, s: signed.s, yParity: signed.yParity ?? 0 }
}
