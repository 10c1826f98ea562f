import type { SolanaCluster } from '@foyer/core'
import { canBridgeAcrossChainTypes, type FundingRequest } from '@foyer/core/funding'

/**
 * The chain types of browser wallets that can pay a funding request: Ethereum wallets for an Ethereum
 * wallet, Solana ones for a Solana wallet, and both when the app bridges across chain types (the native coin
 * only, and not on Solana testnet or devnet).
 */
export function transferWalletChainTypes(
  request: FundingRequest,
  solanaClusters: readonly SolanaCluster[],
): { ethereum: boolean; solana: boolean } {
  const evmRequest = request.chainType === 'ethereum'
  const acrossChainTypes = canBridgeAcrossChainTypes(request, solanaClusters)
  return { ethereum: evmRequest || acrossChainTypes, solana: !evmRequest || acrossChainTypes }
}
