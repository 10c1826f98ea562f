import { HDKey } from '@scure/bip32'
import { describe, expect, test } from 'vitest'
import { FrameRequestError } from '../errors/FrameRequestError'
import { deriveEthereumAccount } from './deriveEthereumAccount'
import { deriveEthereumPrivateKey, ethereumDerivationPath } from './deriveEthereumPrivateKey'
import { seedFromMnemonic } from './seedFromMnemonic'

// bitcoin/bips bip-0032.mediawiki, "Test vector 1" (seed 000102…0f): chain → ext prv.
const bip32Vector1: [string, string][] = [
  [
    'm',
    'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
  ],
  [
    "m/0'",
    'xprv9uHRZZhk6KAJC1avXpDAp4MDc3sQKNxDiPvvkX8Br5ngLNv1TxvUxt4cV1rGL5hj6KCesnDYUhd7oWgT11eZG7XnxHrnYeSvkzY7d2bhkJ7',
  ],
  [
    "m/0'/1",
    'xprv9wTYmMFdV23N2TdNG573QoEsfRrWKQgWeibmLntzniatZvR9BmLnvSxqu53Kw1UmYPxLgboyZQaXwTCg8MSY3H2EU4pWcQDnRnrVA1xe8fs',
  ],
  [
    "m/0'/1/2'",
    'xprv9z4pot5VBttmtdRTWfWQmoH1taj2axGVzFqSb8C9xaxKymcFzXBDptWmT7FwuEzG3ryjH4ktypQSAewRiNMjANTtpgP4mLTj34bhnZX7UiM',
  ],
  [
    "m/0'/1/2'/2",
    'xprvA2JDeKCSNNZky6uBCviVfJSKyQ1mDYahRjijr5idH2WwLsEd4Hsb2Tyh8RfQMuPh7f7RtyzTtdrbdqqsunu5Mm3wDvUAKRHSC34sJ7in334',
  ],
  [
    "m/0'/1/2'/2/1000000000",
    'xprvA41z7zogVVwxVSgdKUHDy1SKmdb533PjDz7J6N6mV6uS3ze1ai8FHa8kmHScGpWmj4WggLyQjgPie1rFSruoUihUZREPSL39UNdE3BBDu76',
  ],
]
const testJunk = 'test test test test test test test test test test test junk'

describe('deriveEthereumPrivateKey', () => {
  test.each(bip32Vector1)('default: BIP32 test vector 1, chain %s', (path, xprv) => {
    const seed = new Uint8Array(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex'))
    expect(HDKey.fromMasterSeed(seed).derive(path).privateExtendedKey).toBe(xprv)
  })

  test("default: 'test test … junk' index 0 is 0xf39F…2266 (m/44'/60'/0'/0/0)", async () => {
    const seed = await seedFromMnemonic(testJunk)
    expect(deriveEthereumAccount(seed, 0).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(deriveEthereumAccount(seed, 1).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(Buffer.from(deriveEthereumPrivateKey(seed, 0)).toString('hex')).toBe(
      'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    )
  })

  test('error: negative, fractional or out-of-range index', () => {
    expect(ethereumDerivationPath(3)).toBe("m/44'/60'/0'/0/3")
    for (const index of [-1, 1.5, 2 ** 31])
      expect(() => ethereumDerivationPath(index)).toThrow(FrameRequestError)
  })
})
