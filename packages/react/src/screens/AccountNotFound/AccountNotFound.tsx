import { formatMessage } from '../../i18n/formatMessage'
import { useModal } from '../../modal/ModalContext'
import { ScreenTitle } from '../../modal/ScreenTitle'
import { Button } from '../../ui/Button'
import { Notice } from '../../ui/Notice'

/**
 * Account-not-found screen (docs/modal.md, docs/errors.md `user_does_not_exist`): 'Please try logging in
 * again or go to {app} to create an account.'; the button starts over at landing.
 */
export function AccountNotFound() {
  const { router, messages, appName } = useModal()
  const m = messages.accountNotFound
  return (
    <Notice title={<ScreenTitle>{m.title}</ScreenTitle>} detail={formatMessage(m.detail, { app: appName })}>
      <Button block onClick={() => router.reset()}>
        {m.button}
      </Button>
    </Notice>
  )
}
