import { type CustomAuthParameters, type FoyerClient, syncCustomAuth } from '@foyer/core'
import { useEffect } from 'react'
import { useFoyerState } from './useFoyerState'

/**
 * Keeps the Foyer session in step with the host's (provider option `customAuth`): once the client
 * is ready, and whenever `isLoading` or `getCustomAccessToken` changes, signs in with the host's token or
 * logs out when the host has none (see core `syncCustomAuth`). Failures are left in the console.
 *
 * @internal
 */
export function useSyncCustomAuth(client: FoyerClient, customAuth: CustomAuthParameters | undefined): void {
  const ready = useFoyerState(client).status === 'ready'
  const getCustomAccessToken = customAuth?.getCustomAccessToken
  const isLoading = customAuth?.isLoading ?? true
  useEffect(() => {
    if (!ready || !getCustomAccessToken) return
    syncCustomAuth(client, { getCustomAccessToken, isLoading }).catch((error: unknown) => {
      console.error('Foyer: signing in with the custom auth token failed', error)
    })
  }, [client, ready, getCustomAccessToken, isLoading])
}
