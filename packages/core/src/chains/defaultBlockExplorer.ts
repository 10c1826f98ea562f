import {
  arbitrum,
  arbitrumSepolia,
  avalanche,
  base,
  baseSepolia,
  bsc,
  celo,
  gnosis,
  linea,
  mainnet,
  optimism,
  optimismSepolia,
  polygon,
  polygonAmoy,
  scroll,
  sepolia,
  zksync,
  zora,
} from 'viem/chains'
import type { FoyerChain } from './FoyerChain'

/** The well-known chains whose explorer is used when the host's chain config names none. */
const knownChains = [
  mainnet,
  sepolia,
  base,
  baseSepolia,
  optimism,
  optimismSepolia,
  arbitrum,
  arbitrumSepolia,
  polygon,
  polygonAmoy,
  avalanche,
  bsc,
  celo,
  gnosis,
  linea,
  scroll,
  zksync,
  zora,
]

/**
 * The block explorer of a chain for transaction links (docs/transaction-errors.md "Block explorers"): the
 * host's `chain.blockExplorer` when set, else the default explorer viem's chain definition names for a
 * well-known chain id (Etherscan for Ethereum, Basescan for Base, …), else `undefined` (a local or unknown
 * chain gets no link).
 *
 * @example
 * blockExplorerOf({ id: 8453, name: 'Base', rpcUrl, nativeCurrency }) // { name: 'Basescan', url: 'https://basescan.org' }
 */
export function blockExplorerOf(
  chain: Pick<FoyerChain, 'id' | 'blockExplorer'>,
): { name: string; url: string } | undefined {
  if (chain.blockExplorer) return chain.blockExplorer
  const known = knownChains.find((candidate) => candidate.id === chain.id)?.blockExplorers?.default
  return known ? { name: known.name, url: known.url } : undefined
}
