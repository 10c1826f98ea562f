import type { ChainType } from '@foyer/protocol'
import { combine } from 'shamir-secret-sharing'
import { FrameRequestError } from '../errors/FrameRequestError'
import { deriveWalletAddress } from '../keys/deriveWalletAddress'
import { ENTROPY_BYTES } from '../keys/generateEntropy'
import { importedKeyAddress } from '../keys/importedKeyAccounts'
import { mnemonicFromEntropy } from '../keys/mnemonicFromEntropy'
import { IMPORTED_KEY_BYTES } from '../keys/parseImportedKey'
import { seedFromMnemonic } from '../keys/seedFromMnemonic'

export type RebuildEntropyParameters = {
  /** Two (or three) shares of one split. */
  shares: Uint8Array[]
  chainType: ChainType
  /** The stored index-0 address the rebuilt entropy must derive. */
  entropyId: string
  /** The shares are of an imported private key (32 bytes), whose own address is `entropyId`. */
  imported?: boolean | undefined
}

/**
 * The entropy and BIP39 seed rebuilt from shares and checked against the stored address (an imported key:
 * the key's bytes in both).
 */
export type RebuiltEntropy = { entropy: Uint8Array; seed: Uint8Array }

/** Thrown when combined shares do not derive the stored address (wrong or corrupted share). */
export class AddressMismatchError extends FrameRequestError {
  override name = 'AddressMismatchError'
  constructor() {
    super('error', 'The rebuilt wallet does not match the stored address')
  }
}

/**
 * Combines shares, then derives the index-0 address for `chainType` and requires it to equal `entropyId`
 * (case-insensitive for Ethereum) before the entropy is used — the library does not detect a wrong or
 * corrupted share (docs/security.md property 61). Throws {@link AddressMismatchError} otherwise.
 *
 * @example const { seed } = await rebuildEntropy({ shares: [device, auth], chainType: 'ethereum', entropyId })
 */
export async function rebuildEntropy(parameters: RebuildEntropyParameters): Promise<RebuiltEntropy> {
  const { shares, chainType, entropyId } = parameters
  let entropy: Uint8Array
  try {
    entropy = await combine(shares)
  } catch {
    throw new AddressMismatchError()
  }
  if (parameters.imported) {
    if (entropy.length !== IMPORTED_KEY_BYTES) throw new AddressMismatchError()
    let address: string
    try {
      address = importedKeyAddress(chainType, entropy)
    } catch {
      throw new AddressMismatchError()
    }
    if (!sameAddress(chainType, address, entropyId)) throw new AddressMismatchError()
    return { entropy, seed: entropy }
  }
  if (entropy.length !== ENTROPY_BYTES) throw new AddressMismatchError()
  const seed = await seedFromMnemonic(mnemonicFromEntropy(entropy))
  const address = deriveWalletAddress(seed, chainType, 0)
  if (!sameAddress(chainType, address, entropyId)) throw new AddressMismatchError()
  return { entropy, seed }
}

const sameAddress = (chainType: ChainType, address: string, entropyId: string) =>
  chainType === 'ethereum' ? address.toLowerCase() === entropyId.toLowerCase() : address === entropyId
