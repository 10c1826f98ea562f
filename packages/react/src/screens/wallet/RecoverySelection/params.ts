import type { EmbeddedWalletInfo } from '@foyer/core'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the recovery selection screen. */
export type RecoverySelectionParams = { wallet: EmbeddedWalletInfo; settle: PromptSettler<undefined> }
