import { base64 } from '@scure/base'
import { sendSolanaTransaction, signSolanaTransaction } from '../../actions/wallet/sendSolanaTransaction'
import { signSolanaMessage } from '../../actions/wallet/signSolanaMessage'
import type { FoyerClient } from '../../client/FoyerClient'
import type { EmbeddedWalletInfo } from '../EmbeddedWalletInfo'
import { ProviderRpcError } from '../errors/ProviderRpcError'
import { resolveWallet } from '../resolveWallet'

/** A Solana provider for the embedded Solana wallet. */
export type SolanaProvider = {
  /** The wallet's base58 public key. */
  readonly address: string
  /**
   * Request form: `signMessage` `{ message: base64 }` → `{ signature: base64 }`; `signTransaction`
   * `{ transaction: base64 }` → `{ signedTransaction: base64 }`; `signAndSendTransaction`
   * `{ transaction: base64, cluster? }` → `{ signature: base58 }`.
   */
  request(args: { method: string; params: Record<string, unknown> }): Promise<unknown>
  /** Signs raw bytes; the sign request screen asks first unless `noPromptOnSignature`. */
  signMessage(message: Uint8Array): Promise<{ signature: Uint8Array }>
  /** Signs a wire transaction after the confirm screen; returns the signed wire transaction. */
  signTransaction(transaction: Uint8Array): Promise<Uint8Array>
  /** Signs and sends a wire transaction after the confirm screen; returns the base58 signature. */
  signAndSendTransaction(
    transaction: Uint8Array,
    options?: { cluster?: string | undefined },
  ): Promise<{ signature: string }>
}

/**
 * A provider for the embedded Solana wallet (`signMessage`, `signTransaction`,
 * `signAndSendTransaction`), over the same frame as the Ethereum wallet. Params of the request form must be
 * an object (else -32602).
 *
 * @throws {EmbeddedWalletError} `'wallet_missing'` at creation when the user has no Solana wallet.
 * @example
 * const solana = createSolanaProvider(client)
 * const { signature } = await solana.signMessage(new TextEncoder().encode('hello'))
 */
export function createSolanaProvider(
  client: FoyerClient,
  parameters: { wallet?: Pick<EmbeddedWalletInfo, 'address'> | string | undefined } = {},
): SolanaProvider {
  const wallet = resolveWallet(client, 'solana', parameters.wallet)
  const provider: SolanaProvider = {
    address: wallet.address,
    async signMessage(message) {
      return { signature: await signSolanaMessage(client, { message, wallet }) }
    },
    signTransaction: (transaction) => signSolanaTransaction(client, { transaction, wallet }),
    async signAndSendTransaction(transaction, options) {
      return {
        signature: await sendSolanaTransaction(client, { transaction, wallet, cluster: options?.cluster }),
      }
    },
    async request({ method, params }) {
      if (typeof params !== 'object' || params === null)
        throw new ProviderRpcError(-32602, 'Params must be an object')
      const bytes = (field: string) => {
        const value = params[field]
        if (typeof value !== 'string') throw new ProviderRpcError(-32602, `${field} must be base64`)
        return base64.decode(value)
      }
      switch (method) {
        case 'signMessage': {
          const { signature } = await provider.signMessage(bytes('message'))
          return { signature: base64.encode(signature) }
        }
        case 'signTransaction':
          return { signedTransaction: base64.encode(await provider.signTransaction(bytes('transaction'))) }
        case 'signAndSendTransaction': {
          const cluster = typeof params.cluster === 'string' ? params.cluster : undefined
          return provider.signAndSendTransaction(bytes('transaction'), { cluster })
        }
      }
      throw new ProviderRpcError(4200, `The method ${method} is not supported.`)
    },
  }
  return provider
}
