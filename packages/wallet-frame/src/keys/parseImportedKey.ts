import type { ChainType } from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { getBase58Encoder } from '@solana/kit'
import { bytesToHex, hexToBytes } from 'viem'

/** The bytes of an imported private key: 32 for both chains (secp256k1 scalar; ed25519 seed). */
export const IMPORTED_KEY_BYTES = 32

/** A key the user typed that is not a key of the chain; `message` is shown beside the field. */
export class InvalidImportedKeyError extends Error {
  override name = 'InvalidImportedKeyError'
}

/**
 * The 32 key bytes of what the user typed into the import page (docs/embedded-wallets.md#imported-keys),
 * surrounding white space ignored:
 * - Ethereum: a secp256k1 private key as 64 hex digits, with or without `0x` (a scalar in 1..n−1);
 * - Solana: the 64-byte secret key (seed ‖ public key) in base58 — what Phantom and Solflare export — or as
 *   the JSON array of 64 numbers `solana-keygen` writes; the public key must be the seed's. A bare 32-byte
 *   seed in base58 is accepted too.
 *
 * @throws {InvalidImportedKeyError} 'Not a valid Ethereum private key' / 'Not a valid Solana secret key'.
 * @example parseImportedKey('ethereum', '0xac09…ff80').length // 32
 */
export function parseImportedKey(chainType: ChainType, text: string): Uint8Array {
  const value = text.trim()
  return chainType === 'ethereum' ? parseEthereumKey(value) : parseSolanaKey(value)
}

function parseEthereumKey(value: string): Uint8Array {
  const hex = value.startsWith('0x') || value.startsWith('0X') ? value.slice(2) : value
  if (!/^[0-9a-fA-F]{64}$/.test(hex) || !secp256k1.utils.isValidSecretKey(hexToBytes(`0x${hex}`)))
    throw new InvalidImportedKeyError('Not a valid Ethereum private key')
  return hexToBytes(`0x${hex.toLowerCase()}`)
}

function parseSolanaKey(value: string): Uint8Array {
  const invalid = () => new InvalidImportedKeyError('Not a valid Solana secret key')
  let bytes: Uint8Array
  if (value.startsWith('[')) {
    let numbers: unknown
    try {
      numbers = JSON.parse(value)
    } catch {
      throw invalid()
    }
    if (
      !Array.isArray(numbers) ||
      !numbers.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)
    )
      throw invalid()
    bytes = Uint8Array.from(numbers as number[])
  } else {
    if (!/^[1-9A-HJ-NP-Za-km-z]{32,100}$/.test(value)) throw invalid()
    try {
      bytes = new Uint8Array(getBase58Encoder().encode(value))
    } catch {
      throw invalid()
    }
  }
  if (bytes.length === IMPORTED_KEY_BYTES) return bytes
  if (bytes.length !== 2 * IMPORTED_KEY_BYTES) throw invalid()
  const seed = bytes.slice(0, IMPORTED_KEY_BYTES)
  const publicKey = ed25519.getPublicKey(seed)
  if (bytesToHex(publicKey) !== bytesToHex(bytes.slice(IMPORTED_KEY_BYTES))) throw invalid()
  return seed
}
