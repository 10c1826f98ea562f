import type { EmbeddedWalletsConfig } from '@foyer/core'
import type { CreateWalletsOnLoginReturnType } from '@foyer/core/wallet'
import type { FoyerContextValue } from '../FoyerProvider/FoyerContext'

/**
 * After `createOnLogin` made a wallet, shows the wallet created screen ('Welcome to {app}' or 'All set!',
 * docs/modal.md "Wallet creation") for 1 s, queued behind any open wallet prompt; nothing when no wallet was
 * made or the host turned the wallet screens off (`showWalletUIs: false`). Resolves once it has closed
 * (internal).
 */
export async function showWalletCreated(
  config: EmbeddedWalletsConfig | undefined,
  openFlow: FoyerContextValue['openFlow'],
  created: CreateWalletsOnLoginReturnType,
): Promise<void> {
  if (!(created.ethereum ?? created.solana) || config?.showWalletUIs === false) return
  await openFlow<undefined>((settle) => ({ id: 'walletCreated', params: { settle } })).catch(() => {
    // Closed by the user: the sign-in is done either way.
  })
}
