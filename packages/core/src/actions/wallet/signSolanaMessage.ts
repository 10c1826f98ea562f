import { base64 } from '@scure/base'
import { bytesToHex } from 'viem'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { resolveWallet } from '../../wallet/resolveWallet'
import { signAfterPrompt } from '../../wallet/signAfterPrompt'
import type { SignMessageUiOptions } from '../../wallet/ui/WalletPrompt'
import { displayMessage } from './signMessage'
import { walletRpc } from './walletRpc'

/** Parameters of {@link signSolanaMessage}. */
export type SignSolanaMessageParameters = {
  /** UTF-8 text or bytes; must not be empty. */
  message: string | Uint8Array
  wallet?: Pick<EmbeddedWalletInfo, 'address'> | string | undefined
  uiOptions?: SignMessageUiOptions | undefined
}

/** What {@link signSolanaMessage} throws (an action that calls others includes theirs). */
export type SignSolanaMessageErrorType =
  | RequestErrorType
  | WalletProxyErrorType
  | MfaError
  | UserRejectedRequestError

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
  const request = {
    kind: 'signMessage',
    wallet,
    method: 'solana_signMessage',
    message: displayMessage(bytesToHex(bytes)),
  } as const
  return base64.decode(await signAfterPrompt(client, { ...request, uiOptions: parameters.uiOptions }, sign))
}
