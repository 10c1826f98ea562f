import type { EmbeddedWalletInfo } from '@foyer/core'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the key import screen: the key's chain, and the settler of the imported wallet. */
export type ImportWalletParams = {
  chainType: 'ethereum' | 'solana'
  settle: PromptSettler<EmbeddedWalletInfo>
}
