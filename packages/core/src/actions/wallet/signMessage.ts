import { bytesToHex, hexToBytes } from 'viem'
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
import { walletRpc } from './walletRpc'

/** Parameters of {@link signMessage}. */
export type SignMessageParameters = {
  /** UTF-8 text, or `{ raw }` bytes (hex string or Uint8Array). Must not be empty. */
  message: string | { raw: `0x${string}` | Uint8Array }
  /** The wallet; default the user's first Ethereum embedded wallet. */
  wallet?: Pick<EmbeddedWalletInfo, 'address'> | string | undefined
  /** Texts of the sign request screen. */
  uiOptions?: SignMessageUiOptions | undefined
}

/** What {@link signMessage} throws (an action that calls others includes theirs). */
export type SignMessageErrorType =
  | RequestErrorType
  | WalletProxyErrorType
  | MfaError
  | UserRejectedRequestError

/**
 * Signs a message with EIP-191 (`personal_sign`) in the frame. Unless `noPromptOnSignature` (or
 * `showWalletUIs: false`), the modal's sign request screen asks first (docs/modal.md "Sign request":
 * idle, signing, success, close).
 *
 * @returns the 65-byte signature, hex
 * @throws {EmbeddedWalletError} `'invalid_message'` ('Message must be a non-empty string'), `'wallet_missing'`.
 * @throws {UserRejectedRequestError} the user cancelled.
 * @throws {WalletProxyError} the frame's error.
 * @example
 * const signature = await signMessage(client, { message: 'Hello from Foyer' })
 */
export async function signMessage(
  client: FoyerClient,
  parameters: SignMessageParameters,
): Promise<`0x${string}`> {
  const wallet = resolveWallet(client, 'ethereum', parameters.wallet)
  const hex = toHexMessage(parameters.message)
  if (hex === '0x') throw new EmbeddedWalletError('invalid_message')
  const sign = async () =>
    (await walletRpc(client, {
      wallet,
      request: { method: 'personal_sign', params: [hex, wallet.address] },
      chainId: client._internal.wallet.ethereumChainId,
    })) as `0x${string}`
  const request = {
    kind: 'signMessage',
    wallet,
    method: 'personal_sign',
    message: displayMessage(hex),
  } as const
  return (await signAfterPrompt(
    client,
    { ...request, uiOptions: parameters.uiOptions },
    sign,
  )) as `0x${string}`
}

/** The message as `0x` hex of its bytes. @internal */
export function toHexMessage(message: SignMessageParameters['message']): `0x${string}` {
  if (typeof message === 'string') return bytesToHex(new TextEncoder().encode(message))
  if (message.raw instanceof Uint8Array) return bytesToHex(message.raw)
  if (typeof message.raw === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(message.raw)) return message.raw
  throw new EmbeddedWalletError('invalid_message')
}

/** UTF-8 text when the bytes are printable text, else the hex itself (for the sign request screen). @internal */
export function displayMessage(hex: `0x${string}`): string {
  const bytes = hexToBytes(hex)
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mark binary data.
    return /[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) ? hex : text
  } catch {
    return hex
  }
}
