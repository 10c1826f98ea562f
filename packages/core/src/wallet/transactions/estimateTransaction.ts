import type { Abi } from 'viem'
import type { FoyerChain } from '../../chains/FoyerChain'
import { getPublicClient } from '../ethereum/getPublicClient'
import type { RpcTransactionRequest } from './EthereumTransactionRequest'
import type { TransactionPreview } from './TransactionPreview'

/** Parameters of {@link estimateTransaction}. */
export type EstimateTransactionParameters = {
  chain: FoyerChain
  /** The sending wallet. */
  from: `0x${string}`
  /** A request validated by `validateTransactionRequest`. */
  request: RpcTransactionRequest
  /** A paymaster pays the fee: the fee shows as 'Sponsored' and is not counted. Default `false`. */
  sponsored?: boolean | undefined
  /** An ABI to decode calls outside the standard token ABIs with (`extendedCalldataDecoding`). */
  abi?: Abi | undefined
}

/** Gas limit used when the node cannot estimate (a plain transfer). */
const FALLBACK_GAS = 21_000n

/**
 * Computes the send-transaction preview (docs/confirmation-screen.md, docs/limits.md "The estimate is gas
 * estimate plus any layer-one fee") over the chain's RPC: balance (`eth_getBalance`), gas (the request's
 * `gas`, else `eth_estimateGas`), fee per gas (the request's `maxFeePerGas`/`gasPrice`, else the node's
 * EIP-1559 estimate, else `eth_gasPrice`), the L1 data fee on OP-stack chains (GasPriceOracle `getL1Fee`);
 * fee = gas × fee per gas + L1 fee; total = value + fee. Also decodes the calldata (with the token's
 * symbol and decimals) and simulates the call (`eth_call`, same from, to, value and data); that code loads
 * lazily, with the first confirmation. A failed gas estimate, simulation or L1 fee read does not throw:
 * `prepareError` is set (a 21 000 gas transfer is assumed when gas could not be estimated).
 *
 * @returns the {@link TransactionPreview}
 * @throws viem errors when the chain's RPC is unreachable (balance or fee lookups).
 * @example
 * const preview = await estimateTransaction({ chain, from, request })
 * preview.insufficientFunds // true → show 'Add funds on {chain} to complete transaction.'
 */
export async function estimateTransaction(
  parameters: EstimateTransactionParameters,
): Promise<TransactionPreview> {
  const { chain, from, request } = parameters
  const publicClient = getPublicClient(chain)
  const value = request.value ? BigInt(request.value) : 0n
  const sponsored = parameters.sponsored ?? false

  const gasPromise = request.gas
    ? Promise.resolve({ gas: BigInt(request.gas), failed: false })
    : publicClient
        .estimateGas({
          account: from,
          ...(request.to ? { to: request.to } : {}),
          ...(request.data ? { data: request.data } : {}),
          value,
        })
        .then((gas) => ({ gas, failed: false }))
        .catch(() => ({ gas: FALLBACK_GAS, failed: true }))
  const feePromise = request.maxFeePerGas
    ? Promise.resolve(BigInt(request.maxFeePerGas))
    : request.gasPrice
      ? Promise.resolve(BigInt(request.gasPrice))
      : publicClient
          .estimateFeesPerGas()
          .then((fees) => fees.maxFeePerGas ?? fees.gasPrice ?? 0n)
          .catch(() => publicClient.getGasPrice())

  const analysisPromise = import('./analyzeTransaction').then(({ analyzeTransaction }) =>
    analyzeTransaction({ publicClient, chain, from, request, value, hostAbi: parameters.abi }),
  )

  const [balance, { gas, failed }, feePerGas, analysis] = await Promise.all([
    publicClient.getBalance({ address: from }),
    gasPromise,
    feePromise,
    analysisPromise,
  ])
  const l1Fee = sponsored ? 0n : analysis.l1Fee
  const fee = sponsored ? 0n : gas * feePerGas + l1Fee
  const total = value + fee
  return {
    chain,
    from,
    to: request.to,
    value,
    gas,
    feePerGas,
    l1Fee,
    fee,
    sponsored,
    total,
    balance,
    insufficientFunds: balance - value - fee < 0n,
    prepareError: failed || analysis.simulationError !== undefined || analysis.l1FeeFailed,
    prepareErrorReason: analysis.simulationError,
    action: analysis.action,
    token: analysis.token,
  }
}
