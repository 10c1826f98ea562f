import type { EmbeddedWalletInfo } from '@foyer/core'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/** Params of the password update splash: the wallet on automatic recovery to add a password to. */
export type PasswordSplashParams = { wallet: EmbeddedWalletInfo; settle: PromptSettler<undefined> }
