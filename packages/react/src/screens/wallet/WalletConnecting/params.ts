import type { ConnectWalletPrompt } from '@foyer/core/wallet'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of 'Connecting your wallet'. */
export type WalletConnectingParams = { prompt: ConnectWalletPrompt; settle: PromptSettler<undefined> }
