import type { ErrorInfo } from '../../errors/ErrorInfo'
import type { Messages } from '../../i18n/en'

/** Where a failed wallet sign-in, link or connection goes: another screen, or a message with a retry. */
export type WalletErrorOutcome =
  | { kind: 'screen'; screen: 'userLimitReached' | 'accountNotFound' | 'error' }
  | { kind: 'message'; message: string }

/**
 * The outcome of a failed wallet connection (spec 01 §8 "Wallet connection mapping"):
 *
 * | code | outcome |
 * |---|---|
 * | `linked_to_another_user` | user exists: 'Wallet was already linked.' |
 * | `user_rejected` | user rejected the connection: 'The request was rejected in your wallet.' |
 * | `request_timeout` | timed out: 'The request timed out. Try again.' |
 * | `cannot_link_more_of_type` | limit reached: 'You cannot link more wallets of this type.' |
 * | `disallowed_login_method` (a detailed server error) | the server's message as is |
 * | `max_accounts_reached`, `user_does_not_exist`, `allowlist_rejected` | their screens |
 * | anything else | 'Unable to connect wallet' |
 *
 * @example walletErrorOutcome({ code: 'linked_to_another_user' }, en) // { kind: 'message', message: 'Wallet was already linked.' }
 */
export function walletErrorOutcome(error: ErrorInfo, messages: Messages): WalletErrorOutcome {
  const m = messages.externalWallets
  switch (error.code) {
    case 'max_accounts_reached':
      return { kind: 'screen', screen: 'userLimitReached' }
    case 'user_does_not_exist':
      return { kind: 'screen', screen: 'accountNotFound' }
    case 'allowlist_rejected':
      return { kind: 'screen', screen: 'error' }
    case 'linked_to_another_user':
      return { kind: 'message', message: m.alreadyLinked }
    case 'user_rejected':
      return { kind: 'message', message: m.rejected }
    case 'request_timeout':
      return { kind: 'message', message: m.timedOut }
    case 'cannot_link_more_of_type':
      return { kind: 'message', message: m.cannotLinkMore }
    case 'disallowed_login_method':
      return { kind: 'message', message: error.message ?? m.unableToConnect }
  }
  return { kind: 'message', message: m.unableToConnect }
}
