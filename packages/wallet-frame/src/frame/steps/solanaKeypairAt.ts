import { deriveSolanaKeypair, type SolanaKeypair } from '../../keys/deriveSolanaKeypair'
import type { UnlockedEntropy } from '../UnlockedEntropy'

/**
 * The Solana keypair at `index` of an unlocked entropy, derived once and then cached on the entry.
 *
 * @example const keypair = solanaKeypairAt(entry, 0)
 */
export function solanaKeypairAt(entry: UnlockedEntropy, index: number): SolanaKeypair {
  let keypair = entry.solana.get(index)
  if (!keypair) {
    keypair = deriveSolanaKeypair(entry.seed, index)
    entry.solana.set(index, keypair)
  }
  return keypair
}
