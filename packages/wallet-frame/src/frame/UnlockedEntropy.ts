import type { ChainType, EmbeddedWallet } from '@foyer/protocol'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { SolanaKeypair } from '../keys/deriveSolanaKeypair'

/**
 * One rebuilt entropy, held in the frame's memory only (`docs/security.md#what-must-hold`), with the keys
 * derived from it so far (by wallet index). For an imported key (`imported`), `entropy` and `seed` are the
 * key's 32 bytes and its only wallet is index 0 (docs/embedded-wallets.md#imported-keys).
 */
export type UnlockedEntropy = {
  /** The user (token subject) who unlocked it: another user's request never reaches it. */
  owner: string
  chainType: ChainType
  entropyId: string
  recoveryMethod: EmbeddedWallet['recovery_method']
  imported: boolean
  entropy: Uint8Array
  seed: Uint8Array
  ethereum: Map<number, PrivateKeyAccount>
  solana: Map<number, SolanaKeypair>
}

/**
 * The key at wallet `index` in `cache` (an {@link UnlockedEntropy}'s `ethereum` or `solana` map): derived by
 * `derive(index)` the first time, then kept in `cache` for the entropy's lifetime in memory.
 *
 * @example cachedKeyAt(entry.ethereum, 0, (index) => deriveEthereumAccount(entry.seed, index))
 */
export function cachedKeyAt<Key>(
  cache: Map<number, Key>,
  index: number,
  derive: (index: number) => Key,
): Key {
  let key = cache.get(index)
  if (key === undefined) {
    key = derive(index)
    cache.set(index, key)
  }
  return key
}
