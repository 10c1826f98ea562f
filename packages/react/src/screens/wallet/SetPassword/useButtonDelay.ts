import { PASSWORD_BUTTON_DELAY_MS } from '@foyer/protocol'
import { useEffect, useState } from 'react'

/**
 * `false` for `PASSWORD_BUTTON_DELAY_MS` (250 ms; docs/limits.md) after mounting, then
 * `true`: a double click cannot skip a password step (internal).
 */
export function useButtonDelay(): boolean {
  const [enabled, setEnabled] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setEnabled(true), PASSWORD_BUTTON_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  return enabled
}
