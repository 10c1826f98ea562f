import type { SendUserOperationPrompt, UserOperationResult } from '@foyer/core/wallet'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the user-operation confirmation (a smart wallet's calls, docs/smart-wallets.md). */
export type UserOperationParams = {
  prompt: SendUserOperationPrompt
  settle: PromptSettler<UserOperationResult>
}
