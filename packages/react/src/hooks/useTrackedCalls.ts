import { useCallback, useState } from 'react'
import { toErrorInfo } from '../errors/toErrorInfo'

/** The last failure of a tracked call: its code and the text to show for it. */
export type TrackedCallError = { code: string; message: string }

/**
 * The `busy` / `error` state of a hook's headless calls (internal). `track(run)` sets `busy` while `run`
 * runs and clears `error`; when `run` rejects, it keeps `{ code, message: errorMessage(code, serverMessage) }`
 * in `error` and rethrows. `errorMessage` should be a module-level function: it is a dependency of `track`.
 */
export function useTrackedCalls(errorMessage: (code: string, serverMessage: string | undefined) => string): {
  track: <T>(run: () => Promise<T>) => Promise<T>
  busy: boolean
  error: TrackedCallError | null
} {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<TrackedCallError | null>(null)

  const track = useCallback(
    async <T>(run: () => Promise<T>): Promise<T> => {
      setBusy(true)
      setError(null)
      try {
        return await run()
      } catch (caught) {
        const { code, message } = toErrorInfo(caught)
        setError({ code, message: errorMessage(code, message) })
        throw caught
      } finally {
        setBusy(false)
      }
    },
    [errorMessage],
  )
  return { track, busy, error }
}
