import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { Notice } from '../../../ui/Notice'

/**
 * Login failed (docs/modal.md): 'Could not connect with wallet' after the retries of the awaiting-connection
 * screen ran out (docs/errors.md: at most 2). 'Try another method' goes back to the wallet list (signing in:
 * the landing screen); closing a link or connect flow rejects it.
 */
export function WalletLoginFailed({ params }: ScreenProps<'walletLoginFailed'>) {
  const { router, messages } = useModal()
  const m = messages.externalWallets
  return (
    <div className="foyer-screen">
      <Notice
        tone="error"
        title={<ScreenTitle>{m.failedTitle}</ScreenTitle>}
        detail={formatMessage(m.failedDetail, { wallet: params.walletName })}
      />
      <Button onClick={() => (params.flow.mode === 'login' ? router.reset('landing') : router.back())}>
        {m.tryAnotherMethod}
      </Button>
    </div>
  )
}
