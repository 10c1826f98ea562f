import type { FoyerClient } from '@foyer/core'
import { useMemo } from 'react'
import { type FoyerContextValue, useFoyerContext } from '../FoyerProvider/FoyerContext'
import { type TextFlow, type TrackedCallError, useTrackedCalls } from './useTrackedCalls'

/** What {@link useHostCalls}'s `define` receives: the provider's client and modal, and the call tracker. */
export type HostCallsContext = {
  client: FoyerClient
  openFlow: FoyerContextValue['openFlow']
  /** Runs a headless call with `busy` / `error` kept (`useTrackedCalls`). */
  track: <T>(run: () => Promise<T>) => Promise<T>
}

/**
 * The body of a hook whose functions act on the provider's client (internal): `define` builds them by name
 * from the client, the modal's `openFlow` and `track` (the headless calls run through `track`, so `busy` and
 * `error` follow them, `error` in the error table's texts of `flow`). The functions keep their identity
 * while the client, the modal and the locale do.
 *
 * @param caller the hook's name, for the error thrown outside `<FoyerProvider>`
 * @returns the functions `define` built, with `busy` and `error`
 * @throws Error '`caller` must be used within <FoyerProvider>.' outside a provider
 */
export function useHostCalls<Calls extends object>(
  caller: string,
  flow: TextFlow,
  define: (context: HostCallsContext) => Calls,
): Calls & { busy: boolean; error: TrackedCallError | null } {
  const { client, openFlow } = useFoyerContext(caller)
  const { track, busy, error } = useTrackedCalls(flow)
  // `define` is the hook's inline builder: what it builds depends only on the client, the modal and `track`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const calls = useMemo(() => define({ client, openFlow, track }), [client, openFlow, track])
  return useMemo(() => ({ ...calls, busy, error }), [calls, busy, error])
}
