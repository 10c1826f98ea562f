import type { EmbeddedWalletsConfig } from '@foyer/core'
import type { CreateWalletsOnLoginReturnType } from '@foyer/core/wallet'
import type { Route } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'

/**
 * Time the wallet created screen shows before the modal closes, in ms: the success screen's 1 s
 * (`SUCCESS_CLOSE_DELAY_MS`, kept here so the provider need not load that screen).
 */
export const WALLET_CREATED_CLOSE_DELAY_MS = 1000

/** What {@link showWalletCreated} needs from the provider. */
export type WalletCreatedHost = {
  /** Whether a flow (a wallet prompt or a hook's) is open and not yet answered. */
  busy(): boolean
  /** Resets the modal's history to `route` and opens the modal. */
  show(route: Route<ScreenParamsMap>): void
}

/**
 * After `createOnLogin` made a wallet, shows the wallet created screen ('Welcome to {app}' or 'All set!',
 * docs/modal.md "Wallet creation") as a plain route, which closes the modal 1 s later unless another screen
 * has replaced it by then. Nothing when no wallet was made, when a flow is open (the user moved on, or the
 * app already made a wallet request), or when the host turned the wallet screens off
 * (`showWalletUIs: false`). Returns whether it showed (internal).
 */
export function showWalletCreated(
  config: EmbeddedWalletsConfig | undefined,
  host: WalletCreatedHost,
  created: CreateWalletsOnLoginReturnType,
): boolean {
  if (!(created.ethereum ?? created.solana) || config?.showWalletUIs === false || host.busy()) return false
  host.show({ id: 'walletCreated', params: undefined })
  return true
}
