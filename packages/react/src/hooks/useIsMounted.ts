import { useCallback, useEffect, useRef } from 'react'

/**
 * A function telling whether the component is still mounted, so a screen ignores an action that
 * settles after the modal closed or moved on (internal).
 */
export function useIsMounted(): () => boolean {
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  return useCallback(() => mounted.current, [])
}
