import { useEffect, useRef } from 'react'

/**
 * Calls `start` once, when the screen mounts (internal): not again when `start` changes, nor on React strict
 * mode's second effect run. A retry calls `start` itself.
 */
export function useStartOnce(start: () => Promise<void>): void {
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void start()
  }, [start])
}
