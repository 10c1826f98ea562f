import { entropyToMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'

/**
 * The BIP39 English mnemonic of `entropy` (16..32 bytes, a multiple of 4). Throws on another length.
 *
 * @example mnemonicFromEntropy(new Uint8Array(16)) // 'abandon abandon … about'
 */
export function mnemonicFromEntropy(entropy: Uint8Array): string {
  return entropyToMnemonic(entropy, wordlist)
}
