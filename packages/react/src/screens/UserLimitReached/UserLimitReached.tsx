import { useModal } from '../../modal/ModalContext'
import { ScreenTitle } from '../../modal/ScreenTitle'
import { Button } from '../../ui/Button'
import { Notice } from '../../ui/Notice'

/**
 * User-limit screen (docs/modal.md, docs/errors.md `max_accounts_reached`): 'Unable to sign in' / 'This
 * application has reached its user limit and cannot sign in new users.'; the button closes the modal.
 */
export function UserLimitReached() {
  const { close, messages } = useModal()
  const m = messages.userLimitReached
  return (
    <Notice title={<ScreenTitle>{m.title}</ScreenTitle>} detail={m.detail}>
      <Button block variant="secondary" onClick={close}>
        {m.button}
      </Button>
    </Notice>
  )
}
