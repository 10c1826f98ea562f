import type { FoyerClient, FoyerState } from '@foyer/core'
import { useCallback, useSyncExternalStore } from 'react'

/**
 * Subscribes to a core client's state (docs/conventions.md "Plain actions, thin hooks"): re-renders when
 * `client.getState()` returns a new snapshot. Internal; hosts use `useFoyer`.
 *
 * @param client - a core `FoyerClient`
 * @returns the current `FoyerState` (`{ status, appConfig, user, error }`)
 */
export function useFoyerState(client: FoyerClient): FoyerState {
  const subscribe = useCallback((listener: () => void) => client.subscribe(listener), [client])
  const getSnapshot = useCallback(() => client.getState(), [client])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
