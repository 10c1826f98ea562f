import { type ChainType, walletAddressProofMessage } from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import type { PrivateKeyAccount } from 'viem/accounts'
import { toBase64 } from '../encoding/toBase64'
import { deriveEthereumAccount } from './deriveEthereumAccount'
import { deriveSolanaKeypair, type SolanaKeypair } from './deriveSolanaKeypair'

/** Whose address is proven: the Ethereum account or the Solana key pair itself. */
export type AddressKey =
  | { chainType: 'ethereum'; account: PrivateKeyAccount }
  | { chainType: 'solana'; keypair: SolanaKeypair }

/**
 * The address of `key` and that key's own signature over `walletAddressProofMessage` at `walletIndex`
 * (`docs/security.md#wallet-addresses`), which the server checks before it lists the address as the user's
 * wallet: Ethereum, an EIP-191 `personal_sign` signature (`0x` hex); Solana, an ed25519 signature (standard
 * base64).
 *
 * @example await proveAddressOf({ key: { chainType: 'ethereum', account }, appId, userId, walletIndex: 0 })
 */
export async function proveAddressOf(parameters: {
  key: AddressKey
  appId: string
  /** The access token's `sub`. */
  userId: string
  walletIndex: number
}): Promise<{ address: string; signature: string }> {
  const { key, appId, userId, walletIndex } = parameters
  const fields = { appId, userId, chainType: key.chainType, walletIndex }
  if (key.chainType === 'ethereum') {
    const message = walletAddressProofMessage({ ...fields, address: key.account.address })
    return { address: key.account.address, signature: await key.account.signMessage({ message }) }
  }
  const message = walletAddressProofMessage({ ...fields, address: key.keypair.address })
  const signature = ed25519.sign(new TextEncoder().encode(message), key.keypair.secretKey)
  return { address: key.keypair.address, signature: toBase64(signature) }
}

/**
 * {@link proveAddressOf} for account `walletIndex` of a BIP39 `seed`.
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
  const key: AddressKey =
    chainType === 'ethereum'
      ? { chainType, account: deriveEthereumAccount(seed, walletIndex) }
      : { chainType, keypair: deriveSolanaKeypair(seed, walletIndex) }
  return proveAddressOf({ key, appId: parameters.appId, userId: parameters.userId, walletIndex })
}
