import type { SendTransactionPrompt } from '@foyer/core/wallet'
import type { ErrorInfo } from '../../../errors/ErrorInfo'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the transaction error screen: the failure, and the hash when one was obtained. */
export type TransactionErrorParams = {
  prompt: SendTransactionPrompt
  settle: PromptSettler<`0x${string}`>
  error: ErrorInfo
  hash?: `0x${string}` | undefined
}
