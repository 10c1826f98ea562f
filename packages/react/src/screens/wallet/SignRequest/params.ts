import type { SignMessagePrompt, SignTypedDataPrompt } from '@foyer/core/wallet'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the sign request screen: the prompt and how to answer it. */
export type SignRequestParams = {
  prompt: SignMessagePrompt | SignTypedDataPrompt
  settle: PromptSettler<string>
}
