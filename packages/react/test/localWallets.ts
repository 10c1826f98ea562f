import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { type Address, createTestClient, http } from 'viem'

/**
 * Registers 'Solana Test Wallet' with the page as `@wallet-standard/wallet` `registerWallet` does (announced
 * now, and again when the app gets ready): one `solana:localnet` account over the ed25519 `secret` that
 * connects, signs messages (browser Solana wallets do; the wallet list finds wallets that can sign in) and
 * signs legacy transactions with a single signer (the signature at bytes 1..64, the message from byte 65).
 */
export function registerSolanaTestWallet(secret: Uint8Array): void {
  const publicKey = ed25519.getPublicKey(secret)
  const account = {
    address: base58.encode(publicKey),
    publicKey,
    chains: ['solana:localnet'],
    features: ['solana:signTransaction', 'solana:signMessage'],
  } as const
  const wallet = {
    version: '1.0.0',
    name: 'Solana Test Wallet',
    icon: 'data:image/svg+xml,<svg/>',
    chains: ['solana:localnet'],
    accounts: [account],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
      'standard:events': { version: '1.0.0', on: () => () => {} },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs: Array<{ message: Uint8Array }>) =>
          inputs.map(({ message }) => ({ signedMessage: message, signature: ed25519.sign(message, secret) })),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy'],
        signTransaction: async (...inputs: Array<{ transaction: Uint8Array }>) =>
          inputs.map(({ transaction }) => {
            const signed = Uint8Array.from(transaction)
            signed.set(ed25519.sign(transaction.subarray(65), secret), 1)
            return { signedTransaction: signed }
          }),
      },
    },
  }
  const callback = ({ register }: { register: (registered: unknown) => void }) => register(wallet)
  window.addEventListener('wallet-standard:app-ready', (event) =>
    callback((event as CustomEvent<{ register: (registered: unknown) => void }>).detail),
  )
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
}

/** Sets the native balance of `address` (wei) on the anvil node at `rpcUrl` (`anvil_setBalance`). */
export async function setAnvilBalance(rpcUrl: string, address: string, wei: bigint): Promise<void> {
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
    address: address as Address,
    value: wei,
  })
}
