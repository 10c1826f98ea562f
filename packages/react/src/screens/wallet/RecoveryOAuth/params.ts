import type { EmbeddedWalletInfo } from '@foyer/core'
import type { RecoverWithOAuthPrompt, SecureNewWalletPrompt } from '@foyer/core/wallet'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/**
 * Params of the recovery OAuth screen: `'set'` secures `wallet` with Google Drive (the user chose it);
 * `'recover'` rebuilds a `google-drive` wallet on this device for a pending wallet request; `'create'` makes
 * the new wallet on Google Drive (the app requires a user-owned method on create; not closable).
 */
export type RecoveryOAuthParams =
  | { mode: 'set'; wallet: EmbeddedWalletInfo; settle: PromptSettler<undefined> }
  | { mode: 'recover'; prompt: RecoverWithOAuthPrompt; settle: PromptSettler<undefined> }
  | { mode: 'create'; prompt: SecureNewWalletPrompt; settle: PromptSettler<undefined> }
