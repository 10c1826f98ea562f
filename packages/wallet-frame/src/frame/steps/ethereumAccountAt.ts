import type { PrivateKeyAccount } from 'viem/accounts'
import { deriveEthereumAccount } from '../../keys/deriveEthereumAccount'
import type { UnlockedEntropy } from '../UnlockedEntropy'

/**
 * The Ethereum account at `index` of an unlocked entropy, derived once and then cached on the entry.
 *
 * @example const account = ethereumAccountAt(entry, 0)
 */
export function ethereumAccountAt(entry: UnlockedEntropy, index: number): PrivateKeyAccount {
  let account = entry.ethereum.get(index)
  if (!account) {
    account = deriveEthereumAccount(entry.seed, index)
    entry.ethereum.set(index, account)
  }
  return account
}
