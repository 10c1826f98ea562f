// `@foyer/core/account-transfer`: moving an account another user holds after a link conflict (docs/modal.md
// "Account transfer prompt", docs/wire.md, docs/limits.md; docs/wire.md#account-transfer). A separate entry
// so that the sign-in path does not carry it: the modal loads it with the transfer screens.
export type { AccountTransfer, AccountTransferLinkMethod } from '../accountTransfer/AccountTransfer'
export { type AccountTransferContext, toAccountTransfer } from '../accountTransfer/toAccountTransfer'
export { type TransferAccountErrorType, transferAccount } from '../actions/accountTransfer/transferAccount'
export { AccountTransferError } from '../errors/AccountTransferError'
