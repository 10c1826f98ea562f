import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder } from '@solana/kit'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { importedKeyAddress } from './importedKeyAccounts'
import { parseImportedKey } from './parseImportedKey'

// anvil's first development key (test-only).
const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

describe('parseImportedKey', () => {
  test('default: an Ethereum key with or without 0x, any case, white space around; its address is the key’s', () => {
    for (const text of [ANVIL_KEY, ANVIL_KEY.slice(2).toUpperCase(), `\n  ${ANVIL_KEY}  `]) {
      const key = parseImportedKey('ethereum', text)
      expect(bytesToHex(key)).toBe(ANVIL_KEY)
      expect(importedKeyAddress('ethereum', key)).toBe(privateKeyToAccount(ANVIL_KEY).address)
    }
  })

  test("error: not 32 bytes of hex, zero, or not below the curve order is 'Not a valid Ethereum private key'", () => {
    const order = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'
    for (const text of ['', 'hello', ANVIL_KEY.slice(0, 64), `${ANVIL_KEY}00`, `0x${'0'.repeat(64)}`, order])
      expect(() => parseImportedKey('ethereum', text)).toThrow('Not a valid Ethereum private key')
  })

  test('default: a Solana secret key in base58 (64 bytes or a 32-byte seed) or as a keypair file', () => {
    const seed = new Uint8Array(32).fill(3)
    const publicKey = ed25519.getPublicKey(seed)
    const secret = new Uint8Array([...seed, ...publicKey])
    for (const text of [base58(secret), JSON.stringify([...secret]), base58(seed)]) {
      const key = parseImportedKey('solana', text)
      expect(key).toEqual(seed)
      expect(importedKeyAddress('solana', key)).toBe(base58(publicKey))
    }
  })

  test("error: a public key that is not the seed's, a wrong length or not base58 is 'Not a valid Solana secret key'", () => {
    const seed = new Uint8Array(32).fill(3)
    const mismatched = new Uint8Array([...seed, ...new Uint8Array(32).fill(9)])
    for (const text of [base58(mismatched), base58(new Uint8Array(40).fill(5)), '0OIl', '[1,2,300]', '[1,'])
      expect(() => parseImportedKey('solana', text)).toThrow('Not a valid Solana secret key')
  })
})
