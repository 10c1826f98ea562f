import { useModal } from '../../modal/ModalContext'
import { ScreenTitle } from '../../modal/ScreenTitle'
import { Notice } from '../../ui/Notice'

/**
 * 'Success!' / "You're signed in." in a `role="status"` region (docs/modal.md: a sign-in ends on success,
 * then the modal closes after a delay): what the sign-in status screens (OAuth, Telegram, Farcaster,
 * cross-app) show in place before `useCloseAfterSuccess` closes the modal.
 */
export function SignedInNotice() {
  const { messages } = useModal()
  return (
    <div role="status">
      <Notice
        tone="success"
        title={<ScreenTitle>{messages.success.title}</ScreenTitle>}
        detail={messages.success.detail}
      />
    </div>
  )
}
