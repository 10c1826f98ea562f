import { useEffect } from 'react'
import { useModal } from '../modal/ModalContext'
import { SUCCESS_CLOSE_DELAY_MS } from '../screens/Success/Success'

/**
 * Closes the modal {@link SUCCESS_CLOSE_DELAY_MS} after `succeeded` turns true, so a screen can show its own
 * 'Success!' first (internal). The timer is dropped when the screen unmounts or `succeeded` turns false.
 */
export function useCloseAfterSuccess(succeeded: boolean): void {
  const { close } = useModal()
  useEffect(() => {
    if (!succeeded) return
    const timer = setTimeout(close, SUCCESS_CLOSE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [succeeded, close])
}
