import { type ChainType, walletAddressProofMessage } from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import { toBase64 } from '../encoding/toBase64'
import { deriveEthereumAccount } from './deriveEthereumAccount'
import { deriveSolanaKeypair } from './deriveSolanaKeypair'

/**
 * The address of account `walletIndex` of `seed` and that account's own signature over
 * `walletAddressProofMessage` (`docs/security.md#wallet-addresses`), which the server checks before it
 * lists the address as the user's wallet: Ethereum, an EIP-191 `personal_sign` signature (`0x` hex);
 * Solana, an ed25519 signature (standard base64).
 *
 * @example await proveWalletAddress({ seed, appId, userId: 'did:foyer:…', chainType: 'solana', walletIndex: 0 })
 */
export async function proveWalletAddress(parameters: {
  seed: Uint8Array
  appId: string
  /** The access token's `sub`. */
  userId: string
  chainType: ChainType
  walletIndex: number
}): Promise<{ address: string; signature: string }> {
  const { seed, chainType, walletIndex } = parameters
  if (chainType === 'ethereum') {
    const account = deriveEthereumAccount(seed, walletIndex)
    const message = walletAddressProofMessage({ ...parameters, address: account.address })
    return { address: account.address, signature: await account.signMessage({ message }) }
  }
  const keypair = deriveSolanaKeypair(seed, walletIndex)
  const message = walletAddressProofMessage({ ...parameters, address: keypair.address })
  const signature = ed25519.sign(new TextEncoder().encode(message), keypair.secretKey)
  return { address: keypair.address, signature: toBase64(signature) }
}
