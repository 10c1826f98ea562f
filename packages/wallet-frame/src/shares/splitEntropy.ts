import { split } from 'shamir-secret-sharing'

/** The three Shamir shares of wallet entropy (any two rebuild it; docs/security.md). */
export type EntropyShares = {
  /** Kept in IndexedDB on the frame origin. */
  deviceShare: Uint8Array
  /** Kept by the server, encrypted at rest, released to a live session. */
  authShare: Uint8Array
  /** Encrypted with AES-256-GCM under the recovery key before it leaves the frame. */
  recoveryShare: Uint8Array
}

/**
 * Splits `entropy` 2-of-3 with `shamir-secret-sharing` (GF(256), random polynomials from
 * `crypto.getRandomValues`). Each share is `entropy.length + 1` bytes (the last byte is its x coordinate).
 * One share alone reveals nothing about the entropy (docs/security.md property 61).
 *
 * @example const { deviceShare, authShare, recoveryShare } = await splitEntropy(generateEntropy())
 */
export async function splitEntropy(entropy: Uint8Array): Promise<EntropyShares> {
  const [deviceShare, authShare, recoveryShare] = await split(entropy, 3, 2)
  if (!deviceShare || !authShare || !recoveryShare) throw new Error('Shamir split gave fewer than 3 shares')
  return { deviceShare, authShare, recoveryShare }
}
