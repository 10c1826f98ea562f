import { useModal } from '../../modal/ModalContext'
import { ScreenTitle } from '../../modal/ScreenTitle'
import { Button } from '../../ui/Button'
import { Notice } from '../../ui/Notice'

/** Props of {@link RetryNotice}. */
export type RetryNoticeProps = {
  title: string
  detail?: string | undefined
  /** 'Try again' (focused first in the tab order). */
  onRetry(): void
  /** Close, shown only when given (a flow the user may leave). */
  onClose?: (() => void) | undefined
}

/**
 * A wallet flow's failure: the title and detail, 'Try again', and Close when the flow may be left (the
 * password flow, 'Connecting your wallet'; docs/modal.md).
 */
export function RetryNotice({ title, detail, onRetry, onClose }: RetryNoticeProps) {
  const { messages } = useModal()
  return (
    <Notice title={<ScreenTitle>{title}</ScreenTitle>} detail={detail}>
      <Button block onClick={onRetry}>
        {messages.error.tryAgain}
      </Button>
      {onClose ? (
        <Button block variant="secondary" onClick={onClose}>
          {messages.wallet.close}
        </Button>
      ) : null}
    </Notice>
  )
}
