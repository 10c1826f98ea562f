import type { ChainType } from '@foyer/protocol'
import { deriveEthereumAccount } from './deriveEthereumAccount'
import { deriveSolanaKeypair } from './deriveSolanaKeypair'

/**
 * The address of account `index` of `seed` for `chainType`: EIP-55 hex for Ethereum, base58 for Solana.
 *
 * @example deriveWalletAddress(seed, 'ethereum', 0)
 */
export function deriveWalletAddress(seed: Uint8Array, chainType: ChainType, index: number): string {
  return chainType === 'ethereum'
    ? deriveEthereumAccount(seed, index).address
    : deriveSolanaKeypair(seed, index).address
}
