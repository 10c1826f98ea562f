import { deriveSolanaKeypair, type SolanaKeypair } from '../../keys/deriveSolanaKeypair'
import { importedSolanaKeypair } from '../../keys/importedKeyAccounts'
import { cachedKeyAt, type UnlockedEntropy } from '../UnlockedEntropy'
import { assertImportedIndex } from './assertImportedIndex'

/**
 * The Solana keypair at `index` of an unlocked entropy, derived once and then cached on the entry; an
 * imported key's pair at index 0 (any other index: `invalid_request_arguments`).
 *
 * @example const keypair = solanaKeypairAt(entry, 0)
 */
export function solanaKeypairAt(entry: UnlockedEntropy, index: number): SolanaKeypair {
  if (entry.imported) {
    assertImportedIndex(index)
    return cachedKeyAt(entry.solana, 0, () => importedSolanaKeypair(entry.entropy))
  }
  return cachedKeyAt(entry.solana, index, (at) => deriveSolanaKeypair(entry.seed, at))
}
