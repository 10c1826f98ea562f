import type { Address, Hex } from 'viem'
import {
  formatUserOperationRequest,
  getUserOperationHash,
  type SmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import type { FoyerChain } from '../chains/FoyerChain'
import { getPublicClient } from '../wallet/ethereum/getPublicClient'
import type { RpcTransactionRequest } from '../wallet/transactions/EthereumTransactionRequest'
import type { TransactionPreview } from '../wallet/transactions/TransactionPreview'
import type { UserOperationPreview, UserOperationResult } from '../wallet/ui/WalletPrompt'

/** One call of a user operation. */
export type SmartWalletCall = { to: Address; value?: bigint | undefined; data?: Hex | undefined }

/** A bundler client that prepares operations (permissionless's `SmartAccountClient`, viem's bundler client). */
type PreparingClient = {
  prepareUserOperation(parameters: { calls: readonly SmartWalletCall[] }): Promise<unknown>
  request(args: { method: string; params?: unknown }, options?: { retryCount?: number }): Promise<unknown>
  waitForUserOperationReceipt(parameters: {
    hash: Hex
    timeout?: number
  }): Promise<{ success: boolean; receipt: { transactionHash: Hex } }>
}

/** Parameters of {@link prepareCalls}. */
export type PrepareCallsParameters = {
  chain: FoyerChain
  account: SmartAccount
  calls: readonly SmartWalletCall[]
  /** The client over the bundler and the network's paymaster; absent when the network has none. */
  sponsoredClient?: PreparingClient | undefined
  /**
   * The client over the bundler alone: the operation the smart wallet pays. Absent: sponsored only, the
   * paymaster's refusal is thrown.
   */
  selfPaidClient?: PreparingClient | undefined
  /** Decodes one call as the transaction confirmation does (action, token); default none. */
  decode?:
    | ((call: RpcTransactionRequest) => Promise<Pick<TransactionPreview, 'action' | 'token'>>)
    | undefined
}

/** A prepared user operation, its preview, and the client that prepared it (which sends it). */
export type PreparedCalls = {
  operation: UserOperation
  preview: UserOperationPreview
  client: PreparingClient
}

/**
 * Whether a prepared operation carries a paymaster's data (docs/smart-wallets.md#the-confirmation-screen):
 * EntryPoint v0.7+ `paymaster` with `paymasterData`, v0.6 a non-empty `paymasterAndData`.
 */
export function carriesPaymasterData(operation: Partial<UserOperation>): boolean {
  const v07 = operation as { paymaster?: Address | undefined; paymasterData?: Hex | undefined }
  if (v07.paymaster && v07.paymaster !== '0x' && v07.paymasterData !== undefined) return true
  const v06 = operation as { paymasterAndData?: Hex | undefined }
  return typeof v06.paymasterAndData === 'string' && v06.paymasterAndData.length > 2
}

/** The gas an operation may use: every limit it carries, summed. */
export function operationGas(operation: Partial<UserOperation>): bigint {
  const o = operation as Record<string, unknown>
  return [
    'callGasLimit',
    'verificationGasLimit',
    'preVerificationGas',
    'paymasterVerificationGasLimit',
    'paymasterPostOpGasLimit',
  ].reduce((sum, key) => sum + (typeof o[key] === 'bigint' ? (o[key] as bigint) : 0n), 0n)
}

/**
 * Prepares a user operation for `calls` (docs/smart-wallets.md#the-confirmation-screen): through the
 * network's paymaster when it has one (ERC-7677 stub data, the bundler's gas estimate, then the paymaster's
 * signed data); when the paymaster does not answer or refuses, the operation the smart wallet pays, prepared
 * through the bundler alone. 'Sponsored' only when the prepared operation carries paymaster data; otherwise
 * the fee is all its gas limits × `maxFeePerGas` (the most the EntryPoint charges the smart wallet).
 *
 * @throws the bundler's error when the self-paid operation cannot be prepared either (e.g. a call reverts).
 */
export async function prepareCalls(parameters: PrepareCallsParameters): Promise<PreparedCalls> {
  const { chain, account, calls, sponsoredClient, selfPaidClient } = parameters
  let operation: UserOperation | undefined
  let client = (selfPaidClient ?? sponsoredClient) as PreparingClient
  let paymasterError: string | undefined
  if (sponsoredClient && !selfPaidClient) {
    operation = (await sponsoredClient.prepareUserOperation({ calls })) as UserOperation
    if (!carriesPaymasterData(operation)) throw new Error('The paymaster answered no paymaster data.')
  } else if (sponsoredClient) {
    try {
      operation = (await sponsoredClient.prepareUserOperation({ calls })) as UserOperation
      client = sponsoredClient
      if (!carriesPaymasterData(operation)) {
        paymasterError = 'The paymaster answered no paymaster data.'
        operation = undefined
        client = selfPaidClient as PreparingClient
      }
    } catch (error) {
      paymasterError = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message
    }
  }
  operation ??= (await (selfPaidClient as PreparingClient).prepareUserOperation({ calls })) as UserOperation
  const sponsored = carriesPaymasterData(operation)
  const gas = operationGas(operation)
  const feePerGas = operation.maxFeePerGas
  const fee = sponsored ? 0n : gas * feePerGas
  const value = calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n)
  const total = value + fee
  const balance = await getPublicClient(chain).getBalance({ address: account.address })
  const insufficientFunds = balance < total
  const requests = calls.map((call) => toRpcRequest(call, chain.id))
  const decoded = await Promise.all(
    requests.map((request) =>
      parameters.decode
        ? parameters.decode(request).catch(() => ({ action: undefined, token: undefined }))
        : { action: undefined, token: undefined },
    ),
  )
  const callPreviews: TransactionPreview[] = requests.map((request, index) => ({
    chain,
    from: account.address,
    to: request.to,
    value: request.value ? BigInt(request.value) : 0n,
    gas,
    feePerGas,
    l1Fee: 0n,
    fee,
    sponsored,
    total,
    balance,
    insufficientFunds,
    prepareError: false,
    action: decoded[index]?.action,
    token: decoded[index]?.token,
  }))
  return {
    operation,
    client,
    preview: {
      sponsored,
      ...(paymasterError && !sponsored ? { paymasterError } : {}),
      gas,
      feePerGas,
      fee,
      value,
      total,
      balance,
      insufficientFunds,
      calls: callPreviews,
    },
  }
}

/**
 * Sends a prepared operation as prepared (`eth_sendUserOperation` with its paymaster data and gas, and the
 * owner's `signature`), then waits for its receipt (`eth_getUserOperationReceipt`, up to `timeoutMs`).
 */
export async function sendPreparedCalls(
  prepared: PreparedCalls,
  account: SmartAccount,
  signature: Hex,
  timeoutMs = 120_000,
): Promise<UserOperationResult> {
  const userOperationHash = (await prepared.client.request(
    {
      method: 'eth_sendUserOperation',
      params: [formatUserOperationRequest({ ...prepared.operation, signature }), account.entryPoint.address],
    },
    { retryCount: 0 },
  )) as Hex
  const receipt = await prepared.client.waitForUserOperationReceipt({
    hash: userOperationHash,
    timeout: timeoutMs,
  })
  return {
    userOperationHash,
    transactionHash: receipt.receipt.transactionHash,
    success: receipt.success,
  }
}

/** A call as the transaction confirmation's decoding takes it (hex quantities). */
export function toRpcRequest(call: SmartWalletCall, chainId: number): RpcTransactionRequest {
  return {
    chainId: `0x${chainId.toString(16)}`,
    to: call.to,
    ...(call.value ? { value: `0x${call.value.toString(16)}` as `0x${string}` } : {}),
    ...(call.data && call.data !== '0x' ? { data: call.data } : {}),
  } as RpcTransactionRequest
}

/**
 * The owner's signature of an operation the user approved on the confirmation screen, made without a second
 * (sign request) screen, and only that one: `signApproved` has the account sign `operation` while `take`
 * admits one `eth_signTypedData_v4` or `personal_sign` request whose parameters carry that operation's hash
 * (accounts that sign the ERC-4337 user-operation hash) or its `callData` (accounts that sign typed data of
 * the operation, e.g. Safe's `SafeOp`). Any other request still goes through the screen.
 */
export function createApprovedSignatureGate() {
  let markers: string[] = []
  return {
    /** Whether `request` is the approved operation's signature (then it is admitted once). */
    take(request: { method: string; params?: unknown }): boolean {
      if (markers.length === 0) return false
      if (request.method !== 'eth_signTypedData_v4' && request.method !== 'personal_sign') return false
      const text = JSON.stringify(request.params ?? null).toLowerCase()
      if (!markers.some((marker) => text.includes(marker))) return false
      markers = []
      return true
    },
    /** Has `account` sign `operation` (on `chainId`), admitting its one owner signature. */
    async signApproved(account: SmartAccount, operation: UserOperation, chainId: number): Promise<Hex> {
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: account.entryPoint.address,
        entryPointVersion: account.entryPoint.version,
        userOperation: operation,
      } as Parameters<typeof getUserOperationHash>[0])
      markers = [hash, operation.callData]
        .filter((marker) => typeof marker === 'string' && marker.length > 10)
        .map((marker) => marker.toLowerCase())
      try {
        return await account.signUserOperation(operation)
      } finally {
        markers = []
      }
    },
  }
}
