import type { ChainType } from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder } from '@solana/kit'
import { bytesToHex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import type { SolanaKeypair } from './deriveSolanaKeypair'

/** The Ethereum account of an imported 32-byte secp256k1 private key. */
export function importedEthereumAccount(key: Uint8Array): PrivateKeyAccount {
  return privateKeyToAccount(bytesToHex(key))
}

/** The Solana key pair of an imported 32-byte ed25519 seed. */
export function importedSolanaKeypair(key: Uint8Array): SolanaKeypair {
  const publicKey = ed25519.getPublicKey(key)
  return { secretKey: key, publicKey, address: getBase58Decoder().decode(publicKey) }
}

/**
 * The address of an imported key: EIP-55 hex for Ethereum, base58 for Solana.
 *
 * @example importedKeyAddress('ethereum', key) // '0xf39F…2266' for anvil's first key
 */
export function importedKeyAddress(chainType: ChainType, key: Uint8Array): string {
  return chainType === 'ethereum' ? importedEthereumAccount(key).address : importedSolanaKeypair(key).address
}
