import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the wallet created screen: settled when it closes. */
export type WalletCreatedParams = { settle: PromptSettler<undefined> }
