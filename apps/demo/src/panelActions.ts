/** The two ways a demo panel reports what its buttons did: an outcome line, or an error line. */
import { useState } from 'react'

/**
 * The outcome line of a demo panel: `run(action, done)` awaits `action` and sets `outcome` to `done`; when it
 * rejects, to `cancelled` (the user closed the modal: `user_rejected`) or `failed: <message or code>`.
 *
 * @example const { outcome, run } = useActionOutcome(); run(() => unlinkPhone(number), 'phone unlinked')
 */
export function useActionOutcome(): {
  outcome: string
  run: (action: () => Promise<unknown>, done: string) => Promise<void>
} {
  const [outcome, setOutcome] = useState('')
  const run = (action: () => Promise<unknown>, done: string) =>
    action().then(
      () => setOutcome(done),
      (caught: { code?: string; message?: string }) =>
        setOutcome(
          caught?.code === 'user_rejected' ? 'cancelled' : `failed: ${caught?.message ?? caught?.code}`,
        ),
    )
  return { outcome, run }
}

/**
 * The error line of a demo panel: `run(action)` is a click handler that clears `error`, awaits `action` and,
 * when it throws, sets `error` to its message.
 *
 * @example const { error, run } = useActionError(); <button onClick={run(() => signMessage(text))}>Sign</button>
 */
export function useActionError(): {
  error: string
  run: (action: () => Promise<void>) => () => Promise<void>
} {
  const [error, setError] = useState('')
  const run = (action: () => Promise<void>) => async () => {
    setError('')
    try {
      await action()
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught))
    }
  }
  return { error, run }
}
