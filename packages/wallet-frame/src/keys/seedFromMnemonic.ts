import { mnemonicToSeed } from '@scure/bip39'

/**
 * The 64-byte BIP39 seed of `mnemonic`: PBKDF2-HMAC-SHA512, 2048 rounds, salt 'mnemonic' + `passphrase`
 * (BIP39 "From mnemonic to seed"). Embedded wallets use no passphrase.
 *
 * @example const seed = await seedFromMnemonic('test test … junk')
 */
export function seedFromMnemonic(mnemonic: string, passphrase = ''): Promise<Uint8Array> {
  return mnemonicToSeed(mnemonic, passphrase)
}
