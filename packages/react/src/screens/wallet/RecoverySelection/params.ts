import type { EmbeddedWalletInfo } from '@foyer/core'
import type { SecureNewWalletPrompt } from '@foyer/core/wallet'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/**
 * Params of the recovery selection screen: securing an existing `wallet` (the user started it), or choosing
 * how a new wallet is secured before it is made (`prompt`, not closable).
 */
export type RecoverySelectionParams =
  | { wallet: EmbeddedWalletInfo; settle: PromptSettler<undefined> }
  | { prompt: SecureNewWalletPrompt; settle: PromptSettler<undefined> }
