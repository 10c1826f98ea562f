import type { FoyerClient } from '@foyer/core'
import { useEffect, useSyncExternalStore } from 'react'
import type { FoyerConfig } from '../FoyerProvider/FoyerConfig'
import type { Route, Router } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'
import { useFoyerState } from './useFoyerState'

/**
 * Terms first (docs/modal.md "After login": terms if required and not accepted, then embedded wallet
 * creation, otherwise close): while a signed-in user has not accepted the terms the app requires
 * (`legal.requireUsersAcceptTerms`, else the app's `require_users_accept_terms`), the modal shows 'One last
 * step' — opened on it after a sign-in made outside the modal, and brought back to it if a sign-in screen
 * moves on to its success screen. Internal; used by `FoyerProvider`.
 */
export function useTermsGate(
  client: FoyerClient,
  config: FoyerConfig | undefined,
  router: Router<ScreenParamsMap>,
  show: (route: Route<ScreenParamsMap>) => void,
): void {
  const state = useFoyerState(client)
  const history = useSyncExternalStore(router.subscribe, router.getHistory, router.getHistory)
  const current = history[history.length - 1]?.id
  const required = config?.legal?.requireUsersAcceptTerms ?? state.appConfig?.require_users_accept_terms
  const pending =
    state.status === 'ready' && required === true && state.user !== null && !state.user.has_accepted_terms
  useEffect(() => {
    if (pending && current !== 'terms') show({ id: 'terms', params: undefined })
  }, [pending, current, show])
}
