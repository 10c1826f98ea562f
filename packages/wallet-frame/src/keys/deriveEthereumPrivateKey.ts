import { HDKey } from '@scure/bip32'
import { assertWalletIndex } from './assertWalletIndex'

/** BIP44 path of Ethereum account `index`: m/44'/60'/0'/0/index (MetaMask compatible). */
export function ethereumDerivationPath(index: number): string {
  assertWalletIndex(index)
  return `m/44'/60'/0'/0/${index}`
}

/**
 * The secp256k1 private key (32 bytes) of Ethereum account `index` of a BIP39 `seed` (BIP32 derivation at
 * {@link ethereumDerivationPath}). Throws `invalid_request_arguments` on a bad index.
 *
 * @example const key = deriveEthereumPrivateKey(seed, 0)
 */
export function deriveEthereumPrivateKey(seed: Uint8Array, index: number): Uint8Array {
  const key = HDKey.fromMasterSeed(seed).derive(ethereumDerivationPath(index)).privateKey
  if (!key) throw new Error('BIP32 derivation gave no private key')
  return key
}
