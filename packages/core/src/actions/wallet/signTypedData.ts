import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { resolveWallet } from '../../wallet/resolveWallet'
import { signAfterPrompt } from '../../wallet/signAfterPrompt'
import type { SignMessageUiOptions, SignTypedDataPrompt } from '../../wallet/ui/WalletPrompt'
import { walletRpc } from './walletRpc'

/** Parameters of {@link signTypedData}. */
export type SignTypedDataParameters = {
  /** EIP-712 typed data `{ domain, types, primaryType, message }`, or its JSON text. Bigints are allowed. */
  typedData: Record<string, unknown> | string
  wallet?: Pick<EmbeddedWalletInfo, 'address'> | string | undefined
  uiOptions?: SignMessageUiOptions | undefined
}

/** What {@link signTypedData} throws (an action that calls others includes theirs). */
export type SignTypedDataErrorType =
  | RequestErrorType
  | WalletProxyErrorType
  | MfaError
  | UserRejectedRequestError

/**
 * Signs EIP-712 typed data (`eth_signTypedData_v4`) in the frame, after the sign request screen with its
 * typed-data view unless `noPromptOnSignature` (docs/modal.md).
 *
 * @returns the signature, hex
 * @throws {EmbeddedWalletError} `'invalid_message'` when the typed data is not an object.
 * @throws {UserRejectedRequestError} the user cancelled.
 * @throws {WalletProxyError} the frame's error.
 * @example
 * const signature = await signTypedData(client, { typedData: { domain, types, primaryType: 'Mail', message } })
 */
export async function signTypedData(
  client: FoyerClient,
  parameters: SignTypedDataParameters,
): Promise<`0x${string}`> {
  const wallet = resolveWallet(client, 'ethereum', parameters.wallet)
  const json =
    typeof parameters.typedData === 'string'
      ? parameters.typedData
      : JSON.stringify(parameters.typedData, (_key, value) =>
          typeof value === 'bigint' ? value.toString() : value,
        )
  let parsed: SignTypedDataPrompt['typedData']
  try {
    parsed = JSON.parse(json)
  } catch (cause) {
    throw new EmbeddedWalletError('invalid_message', { cause })
  }
  if (typeof parsed !== 'object' || parsed === null) throw new EmbeddedWalletError('invalid_message')
  const sign = async () =>
    (await walletRpc(client, {
      wallet,
      request: { method: 'eth_signTypedData_v4', params: [wallet.address, json] },
      chainId: client._internal.wallet.ethereumChainId,
    })) as `0x${string}`
  const request = { kind: 'signTypedData', wallet, typedData: parsed } as const
  return (await signAfterPrompt(
    client,
    { ...request, uiOptions: parameters.uiOptions },
    sign,
  )) as `0x${string}`
}
