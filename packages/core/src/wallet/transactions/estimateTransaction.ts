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
  /** Extra fee paid to L1 (rollups), in wei. Default 0. */
  l1FeeWei?: bigint | undefined
}

/** Gas limit used when the node cannot estimate (a plain transfer). */
const FALLBACK_GAS = 21_000n

/**
 * Computes the send-transaction preview (docs/modal.md "Estimated fee", docs/limits.md "The estimate is
 * gas estimate plus any layer-one fee") over the chain's RPC: balance (`eth_getBalance`), gas (the request's
 * `gas`, else `eth_estimateGas`), fee per gas (the request's `maxFeePerGas`/`gasPrice`, else the node's
 * EIP-1559 estimate, else `eth_gasPrice`); fee = gas × fee per gas + L1 fee; total = value + fee.
 * A failed gas estimate does not throw: `prepareError` is set and a 21 000 gas transfer is assumed.
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

  const [balance, { gas, failed }, feePerGas] = await Promise.all([
    publicClient.getBalance({ address: from }),
    gasPromise,
    feePromise,
  ])
  const fee = sponsored ? 0n : gas * feePerGas + (parameters.l1FeeWei ?? 0n)
  const total = value + fee
  return {
    chain,
    from,
    to: request.to,
    value,
    gas,
    feePerGas,
    fee,
    sponsored,
    total,
    balance,
    insufficientFunds: balance - value - fee < 0n,
    prepareError: failed,
  }
}
