import type { EmbeddedWalletInfo } from '@foyer/core'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the key export screen. */
export type ExportWalletParams = { wallet: EmbeddedWalletInfo; settle: PromptSettler<undefined> }
