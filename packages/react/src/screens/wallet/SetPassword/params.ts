import type { SetPasswordPrompt } from '@foyer/core/wallet'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the password flow. */
export type SetPasswordParams = { prompt: SetPasswordPrompt; settle: PromptSettler<undefined> }
