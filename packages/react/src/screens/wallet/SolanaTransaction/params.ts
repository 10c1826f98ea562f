import type { SendSolanaTransactionPrompt } from '@foyer/core/wallet'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the Solana summary/confirm screen. */
export type SolanaTransactionParams = { prompt: SendSolanaTransactionPrompt; settle: PromptSettler<string> }
