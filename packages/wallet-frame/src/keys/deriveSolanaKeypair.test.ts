import { HDKey } from 'micro-key-producer/slip10.js'
import { describe, expect, test } from 'vitest'
import { deriveSolanaKeypair, solanaDerivationPath } from './deriveSolanaKeypair'
import { seedFromMnemonic } from './seedFromMnemonic'

const hex = (value: Uint8Array) => Buffer.from(value).toString('hex')

// satoshilabs/slips slip-0010.md, "Test vector 1 for ed25519" (seed 000102…0f): chain, private, public.
const slip10Vector1: [string, string, string][] = [
  [
    'm',
    '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    '00a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
  ],
  [
    "m/0'",
    '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    '008c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
  ],
  [
    "m/0'/1'",
    'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
    '001932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187',
  ],
  [
    "m/0'/1'/2'",
    '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9',
    '00ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1',
  ],
  [
    "m/0'/1'/2'/2'",
    '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662',
    '008abae2d66361c879b900d204ad2cc4984fa2aa344dd7ddc46007329ac76c429c',
  ],
  [
    "m/0'/1'/2'/2'/1000000000'",
    '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
    '003c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
  ],
]

describe('deriveSolanaKeypair', () => {
  test.each(slip10Vector1)('default: SLIP-0010 ed25519 vector 1, chain %s', (path, privateKey, publicKey) => {
    const key = HDKey.fromMasterSeed(new Uint8Array(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex')))
    const child = key.derive(path)
    expect(hex(child.privateKey)).toBe(privateKey)
    expect(hex(child.publicKey)).toBe(publicKey)
  })

  test("default: 'all all … all' at m/44'/501'/0'/0' is 14CCvQzQ…ZVBS (docs/security.md \"Test vectors\")", async () => {
    const seed = await seedFromMnemonic('all all all all all all all all all all all all')
    expect(deriveSolanaKeypair(seed, 0).address).toBe('14CCvQzQzHCVgZM3j9soPnXuJXh1RmCfwLVUcdfbZVBS')
  })

  test("behavior: 'abandon … about' gives Phantom's address; index i is m/44'/501'/i'/0'", async () => {
    const seed = await seedFromMnemonic(
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    )
    const keypair = deriveSolanaKeypair(seed, 0)
    expect(keypair.address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
    expect(keypair.secretKey).toHaveLength(32)
    expect(solanaDerivationPath(2)).toBe("m/44'/501'/2'/0'")
    expect(deriveSolanaKeypair(seed, 1).address).not.toBe(keypair.address)
  })

  test('error: negative index', () => {
    expect(() => solanaDerivationPath(-1)).toThrow('Invalid wallet index -1')
  })
})
