import { describe, expect, test } from 'vitest'
import {
  base64Schema,
  createEmbeddedWalletRequestSchema,
  ethereumAddressSchema,
  recoveryUploadSchema,
  solanaAddressSchema,
} from './wallets'

describe('wallet schemas', () => {
  test('default: addresses', () => {
    expect(ethereumAddressSchema.safeParse('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266').success).toBe(true)
    expect(ethereumAddressSchema.safeParse('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226').success).toBe(false)
    expect(solanaAddressSchema.safeParse('14CCvQzQzHCVgZM3j9soPnXuJXh1RmCfwLVUcdfbZVBS').success).toBe(true)
    expect(solanaAddressSchema.safeParse('0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl').success).toBe(false)
  })

  test('default: base64 with a size cap', () => {
    expect(base64Schema(12).safeParse('AAAAAAAAAAAAAAAA').success).toBe(true)
    expect(base64Schema(12).safeParse('AAAAAAAAAAAAAAAAAAAA').success).toBe(false)
    expect(base64Schema(12).safeParse('AA-_').success).toBe(false)
  })

  test('error: a recovery password KDF below 600,000 PBKDF2 iterations is refused', () => {
    const upload = {
      recovery_method: 'user-passcode',
      ciphertext: 'AAAA',
      iv: 'AAAAAAAAAAAAAAAA',
      salt: 'AAAA',
      kdf: 'pbkdf2-sha256',
    }
    expect(recoveryUploadSchema.safeParse({ ...upload, iterations: 600_000 }).success).toBe(true)
    expect(recoveryUploadSchema.safeParse({ ...upload, iterations: 599_999 }).success).toBe(false)
    expect(
      createEmbeddedWalletRequestSchema.safeParse({
        chain_type: 'ethereum',
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        auth_share: 'AAAA',
        recovery: { recovery_method: 'google-drive' },
      }).success,
    ).toBe(false)
  })
})
