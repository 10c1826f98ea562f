import { getAccessToken, loginAsGuest, logout } from '@foyer/core'
import { type MouseEvent, useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import type { FoyerLoginOptions } from '../FoyerProvider/FoyerLoginOptions'
import { useFoyerState } from './useFoyerState'
import { type FoyerUser, withShortcuts } from './userShortcuts'

/** What {@link useFoyer} returns. */
export type UseFoyerReturnType = {
  /** `true` once the app configuration is loaded and the stored session restored (core status `'ready'`). */
  ready: boolean
  /** `true` when a user is signed in. */
  authenticated: boolean
  /**
   * The signed-in user (`{ id, created_at, linked_accounts, … }` with the shortcuts `email`, `phone`,
   * `wallet`, `farcaster`: {@link FoyerUser}), or `null`.
   */
  user: FoyerUser | null
  /**
   * Opens the login modal. Does nothing when already authenticated (docs/api.md). `{ disableSignup: true }`
   * lets only existing users in: an unknown account sees 'Account not found' and nothing is created. Usable
   * as a click handler (`onClick={login}`): an event counts as no options.
   */
  login(options?: FoyerLoginOptions | MouseEvent<Element>): void
  /**
   * Signs out: revokes the session on the server, then wipes local state whatever the answer
   * (docs/sessions.md).
   */
  logout(): Promise<void>
  /**
   * A valid access token (JWT), refreshed when it expires within 30 s (docs/sessions.md), or `null` when
   * signed out. Rejects with a core `BaseError` (e.g. code `network_error`) when a needed refresh fails.
   */
  getAccessToken(): Promise<string | null>
  /**
   * Signs in as this device's guest (docs/wire.md): the same device gets the same guest user back. Resolves
   * with the user (`is_guest: true`); rejects with a core error (e.g. `too_many_requests`).
   */
  loginAsGuest(): Promise<FoyerUser>
}

/**
 * The host's view of Foyer: readiness, the user, and login/logout (contract "React API").
 *
 * @returns {@link UseFoyerReturnType}
 * @throws Error 'useFoyer must be used within <FoyerProvider>.' outside a provider
 *
 * @example
 * function Account() {
 *   const { ready, authenticated, user, login, logout } = useFoyer()
 *   if (!ready) return null
 *   return authenticated ? <button onClick={logout}>Log out {user?.id}</button> : <button onClick={login}>Log in</button>
 * }
 */
export function useFoyer(): UseFoyerReturnType {
  const { client, openModal } = useFoyerContext('useFoyer')
  const state = useFoyerState(client)
  const authenticated = state.user !== null

  const login = useCallback(
    (options?: FoyerLoginOptions | MouseEvent<Element>) => {
      // A click handler passes its event: only a plain options object counts.
      const disableSignup =
        options !== undefined && 'disableSignup' in options && options.disableSignup === true
      if (!authenticated) openModal({ disableSignup })
    },
    [authenticated, openModal],
  )
  const logoutUser = useCallback(() => logout(client), [client])
  const getToken = useCallback(() => getAccessToken(client), [client])
  const guest = useCallback(async () => withShortcuts((await loginAsGuest(client)).user), [client])

  return useMemo(
    () => ({
      ready: state.status === 'ready',
      authenticated,
      user: state.user ? withShortcuts(state.user) : null,
      login,
      logout: logoutUser,
      getAccessToken: getToken,
      loginAsGuest: guest,
    }),
    [state.status, state.user, authenticated, login, logoutUser, getToken, guest],
  )
}
