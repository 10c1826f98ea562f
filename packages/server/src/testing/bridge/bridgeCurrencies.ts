/** The currencies of the bridge stand-in's chains, and their amounts in Relay's shape. */
import { type Address, erc20Abi, formatUnits, type PublicClient, zeroAddress } from 'viem'
import type { BridgeSolver } from './bridgeSolver'
import { SOL_CURRENCY, SOLANA_CHAIN_ID } from './solanaTransfers'

const NATIVE_DECIMALS = 18

/** A currency of a chain by address: the native coin (zero address) or one of its tokens. */
export type Currency = { address: Address; symbol: string; decimals: number; native: boolean }

/** The currency `address` on chain `chainId` of the bridge; undefined when the chain does not have it. */
export function currencyOn(bridge: BridgeSolver, chainId: number, address: string): Currency | undefined {
  if (chainId === SOLANA_CHAIN_ID && bridge.options.solana)
    return address === SOL_CURRENCY
      ? { address: SOL_CURRENCY as Address, symbol: 'SOL', decimals: 9, native: true }
      : undefined
  const chain = bridge.chains.get(chainId)
  if (!chain) return undefined
  if (address.toLowerCase() === zeroAddress)
    return { address: zeroAddress, symbol: chain.symbol, decimals: NATIVE_DECIMALS, native: true }
  const token = chain.config.tokens?.find(
    (candidate) => candidate.address.toLowerCase() === address.toLowerCase(),
  )
  return token && { address: token.address, symbol: token.symbol, decimals: token.decimals, native: false }
}

/** An amount of `currency` in Relay's shape. */
export const amountOf = (chainId: number, currency: Currency, amount: bigint) => ({
  currency: {
    chainId,
    address: currency.address,
    symbol: currency.symbol,
    name: currency.symbol,
    decimals: currency.decimals,
    metadata: { logoURI: '', verified: true, isNative: currency.native },
  },
  amount: amount.toString(),
  amountFormatted: formatUnits(amount, currency.decimals),
  amountUsd: '0',
  minimumAmount: amount.toString(),
})
/** What `address` holds of `currency` on a chain, in its smallest unit. */
export const holding = (chain: { publicClient: PublicClient }, currency: Currency, address: Address) =>
  currency.native
    ? chain.publicClient.getBalance({ address })
    : chain.publicClient.readContract({
        address: currency.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      })
