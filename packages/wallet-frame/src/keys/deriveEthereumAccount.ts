import { bytesToHex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { deriveEthereumPrivateKey } from './deriveEthereumPrivateKey'

/**
 * The viem local account (EIP-55 `address`, `signMessage`, `signTypedData`, `signTransaction`) of Ethereum
 * account `index` of `seed` (m/44'/60'/0'/0/index).
 *
 * @example deriveEthereumAccount(seed, 0).address // '0xf39F…2266' for 'test test … junk'
 */
export function deriveEthereumAccount(seed: Uint8Array, index: number): PrivateKeyAccount {
  return privateKeyToAccount(bytesToHex(deriveEthereumPrivateKey(seed, index)))
}
