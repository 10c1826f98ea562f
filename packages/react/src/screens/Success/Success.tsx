import { useEffect } from 'react'
import { useModal } from '../../modal/ModalContext'
import type { ScreenProps } from '../../modal/screenParams'
import { SuccessNotice } from './SignedInNotice'

/** Time the success screen shows before the modal closes, in ms (docs/limits.md leaves the value open). */
export const SUCCESS_CLOSE_DELAY_MS = 1000

/**
 * Success screen (docs/modal.md "Passwordless code" → close after a delay): 'Success!' in a `role="status"`
 * region, then the modal closes after {@link SUCCESS_CLOSE_DELAY_MS}; the history resets to landing
 * `LANDING_RESET_DELAY_MS` after that. After a link (`detail: 'linked' | 'updated'`) it says so instead of
 * "You're signed in.".
 */
export function Success({ params }: ScreenProps<'success'>) {
  const { close, messages } = useModal()
  const detail =
    params?.detail === 'linked'
      ? messages.success.linkedDetail
      : params?.detail === 'updated'
        ? messages.success.updatedDetail
        : messages.success.detail
  useEffect(() => {
    const timer = setTimeout(close, SUCCESS_CLOSE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [close])
  return <SuccessNotice title={messages.success.title} detail={detail} />
}
