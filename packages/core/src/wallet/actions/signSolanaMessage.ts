import { base64 } from '@scure/base'
import type { FoyerClient } from '../../client/FoyerClient'
import type { EmbeddedWalletInfo } from '../EmbeddedWalletInfo'
import { EmbeddedWalletError } from '../errors/EmbeddedWalletError'
import type { SignMessageUiOptions } from '../ui/WalletPrompt'
import { connectWallet } from './connectWallet'
import { promptUi, resolveWallet } from './resolveWallet'
import { displayMessage } from './signMessage'
import { walletRpc } from './walletRpc'

/** Parameters of {@link signSolanaMessage}. */
export type SignSolanaMessageParameters = {
  /** UTF-8 text or bytes; must not be empty. */
  message: string | Uint8Array
  wallet?: Pick<EmbeddedWalletInfo, 'address'> | string | undefined
  uiOptions?: SignMessageUiOptions | undefined
}

/**
 * Signs a message with the embedded Solana wallet (ed25519 over the raw bytes; docs/api.md Solana
 * `signMessage`), after the sign request screen unless `noPromptOnSignature`.
 *
 * @returns the 64-byte signature
 * @throws {EmbeddedWalletError} `'invalid_message'` ('Message must be a non-empty string'), `'wallet_missing'`.
 * @throws {UserRejectedRequestError} the user cancelled.
 * @example
 * const signature = await signSolanaMessage(client, { message: 'Hello from Foyer' })
 */
export async function signSolanaMessage(
  client: FoyerClient,
  parameters: SignSolanaMessageParameters,
): Promise<Uint8Array> {
  const wallet = resolveWallet(client, 'solana', parameters.wallet)
  const bytes =
    typeof parameters.message === 'string' ? new TextEncoder().encode(parameters.message) : parameters.message
  if (bytes.length === 0) throw new EmbeddedWalletError('invalid_message')
  const sign = async () => {
    const result = (await walletRpc(client, {
      wallet,
      request: { method: 'signMessage', params: { message: base64.encode(bytes) } },
    })) as { signature: string }
    return result.signature
  }
  const ui = promptUi(client)
  // Unlock (or recover: 'Enter your password') before asking to approve.
  if (ui) await connectWallet(client, { wallet })
  let signature: string
  if (!ui || client.embeddedWallets.noPromptOnSignature) signature = await sign()
  else {
    const hex = `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}` as const
    signature = await ui.prompt({
      kind: 'signMessage',
      wallet,
      method: 'solana_signMessage',
      message: displayMessage(hex),
      uiOptions: parameters.uiOptions,
      sign,
    })
  }
  return base64.decode(signature)
}
