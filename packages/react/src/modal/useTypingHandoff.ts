import { useEffect } from 'react'
import { useModal } from './ModalContext'

/**
 * While `active` (e.g. a form's request is in flight), keys typed outside a writable field go to the next
 * screen (the modal's `handOffTyping`): digits typed right after Submit reach the code screen.
 */
export function useTypingHandoff(active: boolean): void {
  const { handOffTyping } = useModal()
  useEffect(() => (active ? handOffTyping() : undefined), [active, handOffTyping])
}
