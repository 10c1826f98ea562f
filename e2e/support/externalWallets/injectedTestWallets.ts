// Browser code, bundled by `testWalletsInitScript` and run in the page before the app (page.addInitScript):
// an EIP-1193 Ethereum wallet announced over EIP-6963 (a viem local account signs) and a wallet-standard
// Solana wallet (ed25519 with @noble/curves) registered through the wallet-standard events. Both are real
// signers; the Ethereum wallet switches between the chains it knows and adds chains (`wallet_addEthereumChain`);
// `window.__testWalletControl` makes the next signature fail with a user rejection (4001), or holds
// the Ethereum signatures (`holdEthereumSign = true`) until `release()`, as a user who has not yet approved.
import { ed25519 } from '@noble/curves/ed25519.js'
import { createSignInMessage } from '@solana/wallet-standard-util'
import { createWalletClient, defineChain, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

type Config = {
  ethereumPrivateKey: `0x${string}`
  solanaSeedHex: string
  chainId: number
  rpcUrls?: Record<number, string>
}
type Control = {
  /** RPC URL per chain id the Ethereum wallet knows (starts as `rpcUrls`; `wallet_addEthereumChain` adds). */
  chainRpcUrls: Record<number, string>
  /** Answer an unknown chain as Coinbase Wallet does: a message asking for wallet_addEthereumChain, no 4902. */
  coinbaseStyleUnknownChain: boolean
  /** Hold `wallet_switchEthereumChain` until `release()`, as a user who has not approved the switch yet. */
  holdChainSwitch: boolean
  rejectNextEthereumSign: boolean
  rejectNextSolanaSign: boolean
  holdEthereumSign: boolean
  release(): void
  requests: string[]
}

declare global {
  interface Window {
    __testWalletConfig: Config
    __testWalletControl: Control
  }
}

const ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4='
const config = window.__testWalletConfig
const held: (() => void)[] = []
const control: Control = {
  chainRpcUrls: { ...config.rpcUrls },
  coinbaseStyleUnknownChain: false,
  holdChainSwitch: false,
  rejectNextEthereumSign: false,
  rejectNextSolanaSign: false,
  holdEthereumSign: false,
  release() {
    control.holdEthereumSign = false
    control.holdChainSwitch = false
    for (const resume of held.splice(0)) resume()
  },
  requests: [],
}
window.__testWalletControl = control
/** Waits while signatures are held (the user has not approved yet). */
const approval = () =>
  control.holdEthereumSign ? new Promise<void>((resume) => held.push(resume)) : Promise.resolve()

const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

// --- Ethereum: EIP-1193 + EIP-6963 -------------------------------------------------------------------
const account = privateKeyToAccount(config.ethereumPrivateKey)
// With `rpcUrls`, the wallet also switches between those chains and sends transactions on them.
let chainId = config.chainId
function walletClient() {
  const rpcUrl = control.chainRpcUrls[chainId]
  if (!rpcUrl) throw Object.assign(new Error(`No RPC for chain ${chainId}`), { code: 4901 })
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  return createWalletClient({ account, chain, transport: http(rpcUrl) })
}
const provider = {
  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    control.requests.push(method)
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address]
      case 'eth_chainId':
        return `0x${chainId.toString(16)}`
      case 'wallet_switchEthereumChain': {
        if (control.holdChainSwitch) await new Promise<void>((resume) => held.push(resume))
        const [{ chainId: wanted }] = params as [{ chainId: string }]
        if (!control.chainRpcUrls[Number(wanted)]) {
          if (control.coinbaseStyleUnknownChain)
            throw new Error(
              `Unrecognized chain ID "${wanted}". Try adding the chain using wallet_addEthereumChain first.`,
            )
          throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })
        }
        chainId = Number(wanted)
        return null
      }
      case 'wallet_addEthereumChain': {
        const [chain] = params as [{ chainId: string; rpcUrls: string[] }]
        const rpcUrl = chain.rpcUrls[0]
        if (!rpcUrl) throw Object.assign(new Error('rpcUrls is empty'), { code: -32602 })
        control.chainRpcUrls[Number(chain.chainId)] = rpcUrl
        return null
      }
      case 'eth_sendTransaction': {
        await approval()
        if (control.rejectNextEthereumSign) {
          control.rejectNextEthereumSign = false
          throw rejection()
        }
        const [tx] = params as [{ to: Hex; value?: Hex; data?: Hex }]
        return walletClient().sendTransaction({
          to: tx.to,
          value: BigInt(tx.value ?? '0x0'),
          ...(tx.data ? { data: tx.data } : {}),
        })
      }
      case 'personal_sign': {
        await approval()
        if (control.rejectNextEthereumSign) {
          control.rejectNextEthereumSign = false
          throw rejection()
        }
        const [data] = params as [`0x${string}`, string]
        return account.signMessage({ message: { raw: data } })
      }
      default:
        throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 })
    }
  },
  on() {},
  removeListener() {},
}
const info = Object.freeze({
  uuid: crypto.randomUUID(),
  name: 'Foyer Test Wallet',
  icon: ICON,
  rdns: 'dev.foyer.testwallet',
})
const announce = () =>
  window.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
  )
window.addEventListener('eip6963:requestProvider', announce)
announce()

// --- Solana: the wallet standard ----------------------------------------------------------------------
const seed = Uint8Array.from(config.solanaSeedHex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
const publicKey = ed25519.getPublicKey(seed)
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
function base58(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = value * 256n + BigInt(byte)
  let out = ''
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)] + out
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    out = `1${out}`
  }
  return out
}
const solanaAccount = Object.freeze({
  address: base58(publicKey),
  publicKey,
  chains: ['solana:mainnet'] as const,
  features: ['solana:signMessage', 'solana:signIn'] as const,
})
const signBytes = (message: Uint8Array) => {
  if (control.rejectNextSolanaSign) {
    control.rejectNextSolanaSign = false
    throw rejection()
  }
  return ed25519.sign(message, seed)
}
let accounts: (typeof solanaAccount)[] = []
const solanaWallet = {
  version: '1.0.0' as const,
  name: 'Foyer Test Solana',
  icon: ICON,
  chains: ['solana:mainnet'] as const,
  get accounts() {
    return accounts
  },
  features: {
    'standard:connect': {
      version: '1.0.0',
      connect: async () => {
        control.requests.push('standard:connect')
        accounts = [solanaAccount]
        return { accounts }
      },
    },
    'standard:events': { version: '1.0.0', on: () => () => {} },
    'solana:signMessage': {
      version: '1.1.0',
      signMessage: async (...inputs: Array<{ message: Uint8Array }>) =>
        inputs.map((input) => ({ signedMessage: input.message, signature: signBytes(input.message) })),
    },
    'solana:signIn': {
      version: '1.0.0',
      signIn: async (...inputs: Array<Record<string, string>>) => {
        control.requests.push('solana:signIn')
        return inputs.map((input) => {
          const message = createSignInMessage({
            ...input,
            domain: input.domain ?? location.host,
            address: solanaAccount.address,
          })
          return {
            account: solanaAccount,
            signedMessage: message,
            signature: signBytes(message),
            signatureType: 'ed25519',
          }
        })
      },
    },
  },
}
// As @wallet-standard/wallet `registerWallet`: announce now, and again when the app becomes ready.
const callback = ({ register }: { register: (wallet: unknown) => void }) => register(solanaWallet)
window.addEventListener('wallet-standard:app-ready', (event) =>
  callback((event as CustomEvent<{ register: (wallet: unknown) => void }>).detail),
)
window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
