import type { SolanaCluster } from '../../chains/SolanaCluster'
import type { FundingRequest } from '../FundingRequest'
import { BridgeError } from './BridgeError'

/** Solana's chain id at the bridge API (docs/limits.md). */
export const RELAY_SOLANA_CHAIN_ID = 792703809

/**
 * Refuses a bridge the flow cannot make (docs/limits.md):
 * to or from Solana testnet or devnet ('Bridging is not supported on Solana devnet'); an EVM request needs its
 * chain. Bridges go EVM to EVM, EVM to Solana and Solana to EVM.
 *
 * @throws {BridgeError} `bridging_unsupported`
 * @example assertBridgingSupported(request) // throws for { chainType: 'solana', cluster: { name: 'devnet' } }
 */
export function assertBridgingSupported(
  /** The wallet to fund, or where a bridge starts (a Solana cluster). */
  request: Pick<FundingRequest, 'chainType' | 'cluster' | 'chain'>,
): void {
  if (request.chainType === 'solana') {
    const name = request.cluster?.name ?? 'mainnet-beta'
    if (name === 'testnet' || name === 'devnet')
      throw new BridgeError(`Bridging is not supported on Solana ${name}`, { code: 'bridging_unsupported' })
    return
  }
  if (!request.chain)
    throw new BridgeError('Bridging needs the wallet’s chain.', { code: 'bridging_unsupported' })
}

/**
 * The Solana cluster a bridge can start from or end on: the first of `clusters` that is not testnet or devnet
 * (docs/limits.md), or undefined.
 *
 * @example bridgeableSolanaCluster(client.solanaClusters) // { name: 'mainnet-beta', rpcUrl: … }
 */
export function bridgeableSolanaCluster(clusters: readonly SolanaCluster[]): SolanaCluster | undefined {
  return clusters.find((cluster) => cluster.name !== 'testnet' && cluster.name !== 'devnet')
}

/**
 * Whether a wallet of the other chain type can pay this request through a bridge: bridging is on, the asset is
 * the native coin (only native coins bridge between Solana and EVM), and the Solana side is bridgeable (for a
 * Solana request its own cluster, for an EVM request one of `clusters`).
 *
 * @example canBridgeAcrossChainTypes(request, client.solanaClusters) // false for USDC
 */
export function canBridgeAcrossChainTypes(
  request: Pick<FundingRequest, 'chainType' | 'cluster' | 'asset' | 'crossChainBridgingEnabled'>,
  clusters: readonly SolanaCluster[],
): boolean {
  if (!request.crossChainBridgingEnabled || request.asset !== 'native') return false
  return request.chainType === 'solana'
    ? bridgeableSolanaCluster(request.cluster ? [request.cluster] : []) !== undefined
    : bridgeableSolanaCluster(clusters) !== undefined
}
