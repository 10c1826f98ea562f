import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { privateKeyToAccount } from 'viem/accounts'
import type { EthereumExternalWallet, SolanaExternalWallet } from '../src/externalWallets/ExternalWallet'

// Test doubles of browser wallets backed by real keys (a viem local account; ed25519). Test-only module.

const ETH_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

/** An EIP-1193 wallet over a viem local account; `reject` makes the next `personal_sign` fail with 4001. */
export function createEthereumTestWallet(options: { chainId?: number } = {}) {
  const account = privateKeyToAccount(ETH_KEY)
  const state = { rejectNextSign: false, requests: [] as string[] }
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      state.requests.push(method)
      if (method === 'eth_requestAccounts' || method === 'eth_accounts')
        return [account.address.toLowerCase()]
      if (method === 'eth_chainId') return `0x${(options.chainId ?? 1).toString(16)}`
      if (method === 'personal_sign') {
        if (state.rejectNextSign) {
          state.rejectNextSign = false
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        }
        const [data] = params as [`0x${string}`, string]
        return account.signMessage({ message: { raw: data } })
      }
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
  }
  const wallet: EthereumExternalWallet = {
    id: 'eip6963:io.metamask',
    name: 'MetaMask',
    icon: 'data:image/svg+xml,<svg/>',
    walletClientType: 'metamask',
    connectorType: 'injected',
    known: true,
    chainType: 'ethereum',
    provider,
    rdns: 'io.metamask',
  }
  return { wallet, account, state }
}

/** A wallet-standard Solana wallet over an ed25519 key, with `solana:signIn` unless `signIn: false`. */
export function createSolanaTestWallet(options: { signIn?: boolean; name?: string } = {}) {
  const secretKey = new Uint8Array(32).fill(7)
  const publicKey = ed25519.getPublicKey(secretKey)
  const account: WalletAccount = {
    address: base58.encode(publicKey),
    publicKey,
    chains: ['solana:mainnet'],
    features: ['solana:signMessage', 'solana:signIn'],
  }
  const state = { rejectNext: false, signedTexts: [] as string[] }
  const sign = (bytes: Uint8Array) => {
    if (state.rejectNext) {
      state.rejectNext = false
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    state.signedTexts.push(new TextDecoder().decode(bytes))
    return ed25519.sign(bytes, secretKey)
  }
  const features: Record<string, unknown> = {
    'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
    'solana:signMessage': {
      version: '1.1.0',
      signMessage: async (...inputs: Array<{ message: Uint8Array }>) =>
        inputs.map((input) => ({ signedMessage: input.message, signature: sign(input.message) })),
    },
  }
  if (options.signIn !== false) {
    features['solana:signIn'] = {
      version: '1.0.0',
      signIn: async (...inputs: Array<Record<string, string>>) => {
        const { createSignInMessage } = await import('@solana/wallet-standard-util')
        return inputs.map((input) => {
          const message = createSignInMessage({
            ...input,
            domain: input.domain ?? '',
            address: account.address,
          })
          return { account, signedMessage: message, signature: sign(message) }
        })
      },
    }
  }
  const standardWallet: Wallet = {
    version: '1.0.0',
    name: options.name ?? 'Test Solana Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['solana:mainnet'],
    features: features as Wallet['features'],
    accounts: [],
  }
  const wallet: SolanaExternalWallet = {
    id: `standard:${standardWallet.name}`,
    name: standardWallet.name,
    icon: standardWallet.icon,
    walletClientType: 'test_solana_wallet',
    connectorType: 'wallet_standard',
    known: false,
    chainType: 'solana',
    wallet: standardWallet,
  }
  return { wallet, standardWallet, account, publicKey, state }
}
