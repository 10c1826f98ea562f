import type { EmbeddedWalletInfo } from '@foyer/core'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of 'Automatically secure your account': the wallet to move to automatic recovery. */
export type SetAutomaticRecoveryParams = { wallet: EmbeddedWalletInfo; settle: PromptSettler<undefined> }
