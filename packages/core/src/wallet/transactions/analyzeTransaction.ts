import type { Abi, PublicClient } from 'viem'
import { estimateL1Fee } from 'viem/op-stack'
import type { FoyerChain } from '../../chains/FoyerChain'
import { isOpStackChain, OP_STACK_GAS_PRICE_ORACLE } from '../../chains/opStack'
import type { DecodedAction, TokenMetadata } from './DecodedAction'
import { decodeCalldata, toDecodedAction } from './decodeCalldata'
import type { RpcTransactionRequest } from './EthereumTransactionRequest'
import { readTokenMetadata } from './readTokenMetadata'

/** What {@link analyzeTransaction} finds out beyond gas and balance. */
export type TransactionAnalysis = {
  /** The decoded call; `undefined` for a plain transfer or an unknown selector. */
  action: DecodedAction | undefined
  /** The called contract's symbol and decimals, when the call is a token call. */
  token: TokenMetadata | undefined
  /** The L1 data fee in wei (OP-stack chains), else 0. */
  l1Fee: bigint
  /** The L1 fee could not be read on an OP-stack chain: the fee shown is too low. */
  l1FeeFailed: boolean
  /** The `eth_call` simulation reverted (or failed): its short message. */
  simulationError: string | undefined
}

/**
 * The parts of the confirmation that need more than gas and balance (docs/confirmation-screen.md): decodes
 * the calldata and reads the token's metadata, runs the `eth_call` simulation with the same from, to, value
 * and data, and on an OP-stack chain reads the L1 data fee from the GasPriceOracle predeploy (viem's
 * `estimateL1Fee`). Loaded lazily by `estimateTransaction`, with the confirmation. Internal.
 */
export async function analyzeTransaction(parameters: {
  publicClient: PublicClient
  chain: FoyerChain
  from: `0x${string}`
  request: RpcTransactionRequest
  value: bigint
  hostAbi?: Abi | undefined
}): Promise<TransactionAnalysis> {
  const { publicClient, chain, from, request, value } = parameters
  const data = request.data && request.data !== '0x' ? request.data : undefined
  const described = describeCall({ publicClient, chain, request, hostAbi: parameters.hostAbi })
  const simulation = publicClient
    .call({ account: from, ...(request.to ? { to: request.to } : {}), ...(data ? { data } : {}), value })
    .then(
      () => undefined,
      (error: unknown) =>
        (error as { shortMessage?: string }).shortMessage ?? (error as Error).message ?? 'reverted',
    )
  const l1FeePromise = isOpStackChain(chain)
    ? estimateL1Fee(publicClient, {
        account: from,
        chain: publicClient.chain,
        gasPriceOracleAddress: OP_STACK_GAS_PRICE_ORACLE,
        ...(request.to ? { to: request.to } : {}),
        ...(data ? { data } : {}),
        value,
      }).then(
        (fee) => ({ fee, failed: false }),
        () => ({ fee: 0n, failed: true }),
      )
    : Promise.resolve({ fee: 0n, failed: false })

  const [{ action, token }, simulationError, l1] = await Promise.all([described, simulation, l1FeePromise])
  return {
    action,
    token,
    l1Fee: l1.fee,
    l1FeeFailed: l1.failed,
    simulationError,
  }
}

/**
 * A call as the confirmation shows it (docs/confirmation-screen.md "What is decoded"): the decoded action
 * (the standard token ABIs, then `hostAbi`) and, for a token call, the contract's symbol and decimals.
 * Also used for each call of a smart wallet's user operation. Internal.
 */
export async function describeCall(parameters: {
  publicClient: PublicClient
  chain: FoyerChain
  request: RpcTransactionRequest
  hostAbi?: Abi | undefined
}): Promise<{ action: DecodedAction | undefined; token: TokenMetadata | undefined }> {
  const { publicClient, chain, request } = parameters
  const data = request.data && request.data !== '0x' ? request.data : undefined
  const decoded = data ? decodeCalldata(data, parameters.hostAbi) : undefined
  const token =
    decoded && request.to && decoded.standard !== 'custom'
      ? await readTokenMetadata(publicClient, chain.id, request.to).catch(() => undefined)
      : undefined
  const action = decoded ? toDecodedAction(decoded, token?.decimals !== undefined) : undefined
  return { action, token: action && (action.isErc20Ish || action.isNFTIsh) ? token : undefined }
}
