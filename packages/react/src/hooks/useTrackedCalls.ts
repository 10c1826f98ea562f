import { useCallback, useContext, useState } from 'react'
import { errorOutcome } from '../errors/errorOutcome'
import type { ErrorFlow, ErrorFlowEntries, Inline } from '../errors/errorTable'
import { toErrorInfo } from '../errors/toErrorInfo'
import { FoyerContext } from '../FoyerProvider/FoyerContext'
import { en } from '../i18n/en'
import type { Messages } from '../i18n/Messages'

/** A flow of the error table that only shows texts (no screen to route to from a headless call). */
export type TextFlow = {
  [Flow in ErrorFlow]: ErrorFlowEntries[Flow] extends Inline ? Flow : never
}[ErrorFlow]

/** The last failure of a tracked call: its code and the text to show for it. */
export type TrackedCallError = { code: string; message: string }

/**
 * The `busy` / `error` state of a hook's headless calls (internal). `track(run)` sets `busy` while `run`
 * runs and clears `error`; when `run` rejects, it keeps `{ code, message }` in `error` — the message is the
 * error table's text for the code in `flow` (docs/errors.md), in the provider's locale — and rethrows.
 */
export function useTrackedCalls(flow: TextFlow): {
  track: <T>(run: () => Promise<T>) => Promise<T>
  busy: boolean
  error: TrackedCallError | null
} {
  // Outside a provider, the sign-in texts (the error texts of these flows are among them).
  const messages = useContext(FoyerContext)?.messages ?? (en as Messages)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<TrackedCallError | null>(null)

  const track = useCallback(
    async <T>(run: () => Promise<T>): Promise<T> => {
      setBusy(true)
      setError(null)
      try {
        return await run()
      } catch (caught) {
        const info = toErrorInfo(caught)
        setError({ code: info.code, message: errorOutcome(flow, info).text(messages) })
        throw caught
      } finally {
        setBusy(false)
      }
    },
    [flow, messages],
  )
  return { track, busy, error }
}
