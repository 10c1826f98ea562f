import type { SendTransactionPrompt } from '@foyer/core/wallet'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the send-transaction confirmation. `retry` is set when coming back from the error screen. */
export type SendTransactionParams = {
  prompt: SendTransactionPrompt
  settle: PromptSettler<`0x${string}`>
  retry?: { resetNonce: boolean } | undefined
}
