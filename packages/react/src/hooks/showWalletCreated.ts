import type { EmbeddedWalletsConfig } from '@foyer/core'
import type { CreateWalletsOnLoginReturnType } from '@foyer/core/wallet'
import type { ModalWalletUi } from '../modal/prompts/createModalWalletUi'

/**
 * After `createOnLogin` made a wallet, shows the wallet created screen ('Welcome to {app}' or 'All set!',
 * docs/modal.md "Wallet creation") for 1 s; nothing when no wallet was made, when a flow is already open
 * (the user moved on), or when the host turned the wallet screens off (`showWalletUIs: false`). Resolves once it has closed
 * (internal).
 */
export async function showWalletCreated(
  config: EmbeddedWalletsConfig | undefined,
  walletUi: Pick<ModalWalletUi, 'open' | 'busy'>,
  created: CreateWalletsOnLoginReturnType,
): Promise<void> {
  if (!(created.ethereum ?? created.solana) || config?.showWalletUIs === false) return
  // A flow the user opened meanwhile (e.g. 'Secure your account') is not kept waiting, nor followed by it.
  if (walletUi.busy()) return
  await walletUi
    .open<undefined>((settle) => ({ id: 'walletCreated', params: { settle } }))
    .catch(() => {
      // Closed by the user: the sign-in is done either way.
    })
}
