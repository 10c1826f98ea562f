import type { OAuthProvider } from '@foyer/protocol'
import type { ModalContextValue } from '../../../modal/ModalContext'

/**
 * Starts an OAuth sign-in with `provider` from the landing (spec 01 §4 "Starting a login", §7 OAuth).
 * Until the OAuth flow lands (issue 10 §2, `startLogin(modal, { kind: 'oauth', provider })`, which replaces
 * this body at merge) it opens the error screen with the generic copy ('Something went wrong' / 'Try again
 * later'), whose button returns to the landing.
 *
 * @param modal - the modal's context (`useModal()`)
 * @param provider - one of the nine OAuth providers
 * @example
 * startOAuthLogin(modal, 'google')
 */
export function startOAuthLogin(modal: Pick<ModalContextValue, 'router'>, provider: OAuthProvider): void {
  void provider // the OAuth flow sends it
  modal.router.push('error', { code: 'unknown_error' })
}
