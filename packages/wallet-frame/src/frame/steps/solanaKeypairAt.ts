import { deriveSolanaKeypair, type SolanaKeypair } from '../../keys/deriveSolanaKeypair'
import { cachedKeyAt, type UnlockedEntropy } from '../UnlockedEntropy'

/**
 * The Solana keypair at `index` of an unlocked entropy, derived once and then cached on the entry.
 *
 * @example const keypair = solanaKeypairAt(entry, 0)
 */
export function solanaKeypairAt(entry: UnlockedEntropy, index: number): SolanaKeypair {
  return cachedKeyAt(entry.solana, index, (at) => deriveSolanaKeypair(entry.seed, at))
}
