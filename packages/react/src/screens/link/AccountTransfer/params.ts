import type { AccountTransfer } from '@foyer/core/account-transfer'
import type { User } from '@foyer/protocol'
import type { PromptSettler } from '../../../modal/prompts/PromptSettler'

/**
 * Params of the account transfer screens (docs/modal.md "Account transfer prompt", 'Check assets before
 * transferring'): the transfer data of the failed link, and the link flow to answer with the user once the
 * account moved (a closed modal rejects it).
 */
export type AccountTransferParams = {
  transfer: AccountTransfer
  settle?: PromptSettler<User> | undefined
}
