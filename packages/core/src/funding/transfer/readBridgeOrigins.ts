import { formatUnits } from 'viem'
import type { FoyerChain } from '../../chains/FoyerChain'
import type { FundingAsset } from '../FundingRequest'
import { type FundingCurrency, type FundingTokenAddresses, fundingCurrency } from './fundingCurrency'
import { readEvmBalance } from './readEvmBalance'

/** A chain the external wallet could bridge from, with the currency it would pay and its balance there. */
export type BridgeOrigin = {
  chain: FoyerChain
  /** What is paid on this chain: the native coin, or the token at its address there. */
  currency: FundingCurrency
  /** Balance in the currency's smallest unit; undefined when the chain's RPC did not answer. */
  balance: bigint | undefined
  /** The balance in whole units, e.g. `'1.5'`; undefined when unknown. */
  formatted: string | undefined
}

/**
 * The 'From' options of 'Transfer from another network' (docs/modal.md "Funding"): every configured chain but
 * the destination (none for a Solana wallet: its native coin pays for SOL) where the asset is known (the native coin everywhere; USDC or the ERC-20 where
 * `fundingCurrency` finds its address), with the external wallet's balance of it there, richest first
 * (unknown balances last).
 *
 * @example const origins = await readBridgeOrigins({ chains: client.chains, destination: request.chain, address, asset: 'USDC' })
 */
export async function readBridgeOrigins(parameters: {
  chains: readonly FoyerChain[]
  /** The chain of the wallet to fund; undefined for a Solana wallet. */
  destination: FoyerChain | undefined
  address: `0x${string}`
  /** What the wallet is funded with; default the native coin. */
  asset?: FundingAsset | undefined
  tokenAddresses?: FundingTokenAddresses | undefined
}): Promise<BridgeOrigin[]> {
  const candidates = parameters.chains.flatMap((chain) => {
    const destination = parameters.destination
    if (chain.id === destination?.id) return []
    const currency = fundingCurrency({
      asset: parameters.asset ?? 'native',
      chain,
      requestChainId: destination?.id ?? 0,
      tokenAddresses: parameters.tokenAddresses,
    })
    return currency ? [{ chain, currency }] : []
  })
  const origins = await Promise.all(
    candidates.map(async ({ chain, currency }): Promise<BridgeOrigin> => {
      const balance = await readEvmBalance({
        chain,
        address: parameters.address,
        token: currency.address,
      }).catch(() => undefined)
      return {
        chain,
        currency,
        balance,
        formatted: balance === undefined ? undefined : formatUnits(balance, currency.decimals),
      }
    }),
  )
  return origins.sort((a, b) => {
    if (a.balance === undefined) return b.balance === undefined ? 0 : 1
    if (b.balance === undefined) return -1
    return a.balance === b.balance ? 0 : a.balance > b.balance ? -1 : 1
  })
}
