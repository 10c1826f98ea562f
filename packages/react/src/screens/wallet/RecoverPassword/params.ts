import type { RecoverWithPasswordPrompt } from '@foyer/core/wallet'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of 'Enter your password'. */
export type RecoverPasswordParams = { prompt: RecoverWithPasswordPrompt; settle: PromptSettler<undefined> }
