import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the passkey list ('Link passkey'): resolves when the user closes it. */
export type LinkPasskeyParams = { settle: PromptSettler<undefined> }
