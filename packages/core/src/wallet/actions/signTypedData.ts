import type { FoyerClient } from '../../client/FoyerClient'
import type { EmbeddedWalletInfo } from '../EmbeddedWalletInfo'
import { EmbeddedWalletError } from '../errors/EmbeddedWalletError'
import type { SignMessageUiOptions, SignTypedDataPrompt } from '../ui/WalletPrompt'
import { connectWallet } from './connectWallet'
import { promptUi, resolveWallet } from './resolveWallet'
import { walletRpc } from './walletRpc'

/** Parameters of {@link signTypedData}. */
export type SignTypedDataParameters = {
  /** EIP-712 typed data `{ domain, types, primaryType, message }`, or its JSON text. Bigints are allowed. */
  typedData: Record<string, unknown> | string
  wallet?: Pick<EmbeddedWalletInfo, 'address'> | string | undefined
  uiOptions?: SignMessageUiOptions | undefined
}

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
  const ui = promptUi(client)
  // Unlock (or recover: 'Enter your password') before asking to approve.
  if (ui) await connectWallet(client, { wallet })
  if (!ui || client.embeddedWallets.noPromptOnSignature) return sign()
  return (await ui.prompt({
    kind: 'signTypedData',
    wallet,
    typedData: parsed,
    uiOptions: parameters.uiOptions,
    sign,
  })) as `0x${string}`
}
