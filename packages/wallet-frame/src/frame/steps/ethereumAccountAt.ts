import type { PrivateKeyAccount } from 'viem/accounts'
import { deriveEthereumAccount } from '../../keys/deriveEthereumAccount'
import { importedEthereumAccount } from '../../keys/importedKeyAccounts'
import { cachedKeyAt, type UnlockedEntropy } from '../UnlockedEntropy'
import { assertImportedIndex } from './assertImportedIndex'

/**
 * The Ethereum account at `index` of an unlocked entropy, derived once and then cached on the entry; an
 * imported key's account at index 0 (any other index: `invalid_request_arguments`).
 *
 * @example const account = ethereumAccountAt(entry, 0)
 */
export function ethereumAccountAt(entry: UnlockedEntropy, index: number): PrivateKeyAccount {
  if (entry.imported) {
    assertImportedIndex(index)
    return cachedKeyAt(entry.ethereum, 0, () => importedEthereumAccount(entry.entropy))
  }
  return cachedKeyAt(entry.ethereum, index, (at) => deriveEthereumAccount(entry.seed, at))
}
