import { getBase58Decoder } from '@solana/kit'
import { HDKey } from 'micro-key-producer/slip10.js'
import { assertWalletIndex } from './assertWalletIndex'

/** Path of Solana account `index`: m/44'/501'/index'/0' (SLIP-0010 ed25519, all hardened; Phantom compatible). */
export function solanaDerivationPath(index: number): string {
  assertWalletIndex(index)
  return `m/44'/501'/${index}'/0'`
}

/** An ed25519 key pair: `secretKey` is the 32-byte seed, `publicKey` 32 bytes, `address` its base58. */
export type SolanaKeypair = { secretKey: Uint8Array; publicKey: Uint8Array; address: string }

/**
 * The ed25519 key pair of Solana account `index` of a BIP39 `seed` (SLIP-0010 at {@link solanaDerivationPath}).
 *
 * @example deriveSolanaKeypair(seed, 0).address // '14CCvQzQ…ZVBS' for 'all all … all'
 */
export function deriveSolanaKeypair(seed: Uint8Array, index: number): SolanaKeypair {
  const key = HDKey.fromMasterSeed(seed).derive(solanaDerivationPath(index))
  const publicKey = key.publicKeyRaw
  return { secretKey: key.privateKey, publicKey, address: getBase58Decoder().decode(publicKey) }
}
