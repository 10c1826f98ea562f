import type { ErrorInfo } from '../../errors/ErrorInfo'
import type { Messages } from '../../i18n/en'

/**
 * Where a failed wallet sign-in, link or connection goes: another screen, or a message with 'Retry'
 * (`retry`) or, when retrying the same wallet cannot succeed, 'Back'.
 */
export type WalletErrorOutcome =
  | { kind: 'screen'; screen: 'userLimitReached' | 'accountNotFound' | 'error' }
  | { kind: 'message'; message: string; retry: boolean }

/**
 * The outcome of a failed wallet connection (spec 01 §8 "Wallet connection mapping"):
 *
 * | code | outcome |
 * |---|---|
 * | `linked_to_another_user` | user exists: 'Wallet was already linked.', Back |
 * | `wallet_connection_error` with details | a detailed error: its details as is ('The wallet returned no Ethereum account.'), Retry |
 * | `request_timeout` | timed out: 'The request timed out. Try again.' (the spec's timeout text, §8 Farcaster), Retry |
 * | `user_rejected` | user rejected the connection: 'The request was rejected in your wallet.' (no spec text), Retry |
 * | `cannot_link_more_of_type` | user limit reached: the per-type link cap (§6), not the app's user limit screen; the server's message, Back |
 * | `disallowed_login_method` | the error screen (§8 login error screen): 'Not allowed' / the server's message / 'Try another method' |
 * | `max_accounts_reached`, `user_does_not_exist`, `allowlist_rejected` | their screens |
 * | anything else | wallet-connection error: 'Unable to connect wallet', Retry |
 *
 * @example walletErrorOutcome({ code: 'linked_to_another_user' }, en) // { kind: 'message', message: 'Wallet was already linked.', retry: false }
 */
export function walletErrorOutcome(error: ErrorInfo, messages: Messages): WalletErrorOutcome {
  const m = messages.externalWallets
  switch (error.code) {
    case 'max_accounts_reached':
      return { kind: 'screen', screen: 'userLimitReached' }
    case 'user_does_not_exist':
      return { kind: 'screen', screen: 'accountNotFound' }
    case 'allowlist_rejected':
    case 'disallowed_login_method':
      return { kind: 'screen', screen: 'error' }
    case 'linked_to_another_user':
      return { kind: 'message', message: m.alreadyLinked, retry: false }
    case 'wallet_connection_error':
      return { kind: 'message', message: error.details || m.unableToConnect, retry: true }
    case 'request_timeout':
      return { kind: 'message', message: m.timedOut, retry: true }
    case 'user_rejected':
      return { kind: 'message', message: m.rejected, retry: true }
    case 'cannot_link_more_of_type':
      return { kind: 'message', message: error.message || m.unableToConnect, retry: false }
  }
  return { kind: 'message', message: m.unableToConnect, retry: true }
}
