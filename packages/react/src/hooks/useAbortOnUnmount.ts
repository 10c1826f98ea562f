import { useCallback, useEffect, useRef } from 'react'

/**
 * A function giving a fresh `AbortSignal` per call, every one of which aborts when the component unmounts
 * (the modal closed or moved on), so a flow it started stops (internal). React strict mode's unmount and
 * mount again does not abort: the check waits for a microtask, by which time the component is mounted again.
 *
 * @example
 * const nextSignal = useAbortOnUnmount()
 * await startOAuthFlow(client, { provider, mode: 'popup', signal: nextSignal() })
 */
export function useAbortOnUnmount(): () => AbortSignal {
  const controllers = useRef(new Set<AbortController>())
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      queueMicrotask(() => {
        if (mounted.current) return
        for (const controller of controllers.current) controller.abort()
        controllers.current.clear()
      })
    }
  }, [])
  return useCallback(() => {
    const controller = new AbortController()
    controllers.current.add(controller)
    return controller.signal
  }, [])
}
