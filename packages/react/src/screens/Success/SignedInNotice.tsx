import { useModal } from '../../modal/ModalContext'
import { ScreenTitle } from '../../modal/ScreenTitle'
import { Notice } from '../../ui/Notice'

/**
 * A screen's success outcome: the `title` (the screen's heading) and `detail` in a success notice inside a
 * `role="status"` region, so that assistive technology announces it.
 */
export function SuccessNotice({ title, detail }: { title: string; detail: string }) {
  return (
    <div role="status">
      <Notice tone="success" title={<ScreenTitle>{title}</ScreenTitle>} detail={detail} />
    </div>
  )
}

/**
 * 'Success!' / "You're signed in." in a `role="status"` region (docs/modal.md: a sign-in ends on success,
 * then the modal closes after a delay): what the sign-in status screens (OAuth, Telegram, Farcaster,
 * cross-app) show in place before `useCloseAfterSuccess` closes the modal.
 */
export function SignedInNotice() {
  const { messages } = useModal()
  return <SuccessNotice title={messages.success.title} detail={messages.success.detail} />
}
