import type { ChainType } from '@foyer/protocol'

/**
 * AES-GCM associated data binding a recovery ciphertext to its wallet, so a ciphertext cannot be swapped
 * between wallets: `foyer-recovery-share:v1:<chainType>:<entropyId>` (UTF-8).
 */
export function recoveryAssociatedData(chainType: ChainType, entropyId: string): Uint8Array {
  const id = chainType === 'ethereum' ? entropyId.toLowerCase() : entropyId
  return new TextEncoder().encode(`foyer-recovery-share:v1:${chainType}:${id}`)
}
