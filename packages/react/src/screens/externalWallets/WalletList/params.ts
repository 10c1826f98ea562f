import type { ConnectedExternalWallet } from '@foyer/core/external-wallets'
import type { User } from '@foyer/protocol'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/**
 * What the wallet list is for (docs/modal.md): signing in (from the landing), linking a wallet to the
 * signed-in user, or connecting one without signing in (the connect-only variant); link and connect answer
 * via `settle`.
 */
export type WalletFlow =
  | { mode: 'login' }
  | { mode: 'link'; settle: PromptSettler<User> }
  | { mode: 'connect'; settle: PromptSettler<ConnectedExternalWallet> }

/** Params of the wallet list. */
export type WalletListParams = WalletFlow
