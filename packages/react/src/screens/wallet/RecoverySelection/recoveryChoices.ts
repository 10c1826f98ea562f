import type { EmbeddedWalletInfo } from '@foyer/core'
import type { AppConfig } from '@foyer/protocol'

/** A choice of 'Secure your account' / 'Update backup method': a user-owned method, or `'privy'` (automatic). */
export type RecoveryChoice = 'user-passcode' | 'google-drive' | 'icloud' | 'privy'

/**
 * The recovery choices offered for `wallet` (docs/modal.md "Recovery-screen choice"), in display order: a
 * password when the app's `user_owned_recovery_options` lists `user-passcode` (or lists nothing: the password
 * flow is the default); Google Drive when it lists `google-drive` and the wallet is not on it already, iCloud
 * likewise for `icloud`; and
 * automatic recovery for a wallet on a user-owned method. One choice opens its screen directly; several
 * open the selection (internal).
 */
export function recoveryChoices(
  appConfig: AppConfig | null | undefined,
  wallet: Pick<EmbeddedWalletInfo, 'recoveryMethod'>,
): RecoveryChoice[] {
  const options: readonly string[] = appConfig?.embedded_wallet_config.user_owned_recovery_options ?? []
  const choices: RecoveryChoice[] = []
  if (options.includes('user-passcode') || options.length === 0) choices.push('user-passcode')
  if (options.includes('google-drive') && wallet.recoveryMethod !== 'google-drive')
    choices.push('google-drive')
  if (options.includes('icloud') && wallet.recoveryMethod !== 'icloud') choices.push('icloud')
  if (wallet.recoveryMethod !== 'privy') choices.push('privy')
  return choices
}
