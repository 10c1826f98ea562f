import { connectWallet } from '../actions/wallet/connectWallet'
import type { FoyerClient } from '../client/FoyerClient'
import { promptUi } from './resolveWallet'
import type { SignMessagePrompt, SignTypedDataPrompt } from './ui/WalletPrompt'

/** A sign request as the sign request screen shows it, without its `sign` (given apart). */
export type SignRequest = Omit<SignMessagePrompt, 'sign'> | Omit<SignTypedDataPrompt, 'sign'>

/**
 * Runs a signature the way every message-signing action does (Ethereum `personal_sign`, EIP-712 typed
 * data, Solana `signMessage`): when the modal can ask (`showWalletUIs` not `false`), unlocks the wallet
 * first (or recovers it: 'Enter your password'), then shows the sign request screen unless
 * `noPromptOnSignature`; Approve runs `sign`. Without a modal, signs at once.
 *
 * @returns what `sign` answers: the frame's signature (hex for Ethereum, base64 for Solana)
 * @throws {UserRejectedRequestError} the user cancelled. @throws what `sign` and the unlock throw.
 * @internal
 */
export async function signAfterPrompt(
  client: FoyerClient,
  request: SignRequest,
  sign: () => Promise<string>,
): Promise<string> {
  const ui = promptUi(client)
  if (ui) await connectWallet(client, { wallet: request.wallet })
  if (!ui || client.embeddedWallets.noPromptOnSignature) return sign()
  return (await ui.prompt({ ...request, sign } as SignMessagePrompt | SignTypedDataPrompt)) as string
}
