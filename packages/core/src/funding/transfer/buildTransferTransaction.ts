import { encodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem'
import type { FoyerChain } from '../../chains/FoyerChain'
import type { FundingAsset } from '../FundingRequest'
import { type FundingTokenAddresses, fundingCurrency } from './fundingCurrency'

/** Parameters of {@link buildTransferTransaction}. */
export type BuildTransferTransactionParameters = {
  /** The wallet to fund. */
  recipient: `0x${string}`
  /** Decimal string in units of `asset` (ether, USDC…), e.g. `'0.01'`. */
  amount: string
  asset: FundingAsset
  chain: FoyerChain
  /** Token contracts the SDK cannot know (`config.funding.tokenAddresses`), e.g. USDC on a local chain. */
  tokenAddresses?: FundingTokenAddresses | undefined
}

/**
 * The transaction an external wallet sends to fund a wallet on the same chain (docs/modal.md "External
 * wallet funding"): the native coin as `value`, or an ERC-20 `transfer(recipient, amount)` to the token
 * (USDC at `tokenAddresses.USDC[chain.id]`, else its known address on the chain, 6 decimals; docs/limits.md).
 *
 * @returns `{ to, value, data }`, `value` in wei
 * @throws Error when USDC has no known address on `chain`.
 * @example
 * buildTransferTransaction({ recipient, amount: '0.01', asset: 'native', chain }) // { to: recipient, value: 10n ** 16n }
 */
export function buildTransferTransaction(parameters: BuildTransferTransactionParameters): {
  to: `0x${string}`
  value: bigint
  data?: Hex
} {
  const { recipient, amount, asset, chain } = parameters
  if (asset === 'native') return { to: recipient, value: parseUnits(amount, chain.nativeCurrency.decimals) }
  const token = fundingCurrency({
    asset,
    chain,
    requestChainId: chain.id,
    tokenAddresses: parameters.tokenAddresses,
  })
  if (!token) throw new Error(`USDC has no known address on chain ${chain.id}`)
  return {
    to: token.address,
    value: 0n,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, parseUnits(amount, token.decimals)],
    }),
  }
}
