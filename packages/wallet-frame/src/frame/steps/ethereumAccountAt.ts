import type { PrivateKeyAccount } from 'viem/accounts'
import { deriveEthereumAccount } from '../../keys/deriveEthereumAccount'
import { cachedKeyAt, type UnlockedEntropy } from '../UnlockedEntropy'

/**
 * The Ethereum account at `index` of an unlocked entropy, derived once and then cached on the entry.
 *
 * @example const account = ethereumAccountAt(entry, 0)
 */
export function ethereumAccountAt(entry: UnlockedEntropy, index: number): PrivateKeyAccount {
  return cachedKeyAt(entry.ethereum, index, (at) => deriveEthereumAccount(entry.seed, at))
}
