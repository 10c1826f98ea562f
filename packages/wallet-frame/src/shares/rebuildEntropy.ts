import type { ChainType } from '@foyer/protocol'
import { combine } from 'shamir-secret-sharing'
import { FrameRequestError } from '../errors/FrameRequestError'
import { deriveWalletAddress } from '../keys/deriveWalletAddress'
import { ENTROPY_BYTES } from '../keys/generateEntropy'
import { mnemonicFromEntropy } from '../keys/mnemonicFromEntropy'
import { seedFromMnemonic } from '../keys/seedFromMnemonic'

export type RebuildEntropyParameters = {
  /** Two (or three) shares of one split. */
  shares: Uint8Array[]
  chainType: ChainType
  /** The stored index-0 address the rebuilt entropy must derive. */
  entropyId: string
}

/** The entropy and BIP39 seed rebuilt from shares and checked against the stored address. */
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
  if (entropy.length !== ENTROPY_BYTES) throw new AddressMismatchError()
  const seed = await seedFromMnemonic(mnemonicFromEntropy(entropy))
  const address = deriveWalletAddress(seed, chainType, 0)
  const same =
    chainType === 'ethereum' ? address.toLowerCase() === entropyId.toLowerCase() : address === entropyId
  if (!same) throw new AddressMismatchError()
  return { entropy, seed }
}
