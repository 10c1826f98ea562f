import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { accountTransferTitle } from './accountTransferTitle'
import { TransferButtons } from './TransferButtons'
import { useAccountTransfer } from './useAccountTransfer'

/**
 * 'Account transfer prompt' (docs/account-transfer.md#the-modal): a link found the
 * account on another user. Titled '<kind> is associated with another account', it asks whether to move the
 * account here, and says that the other account keeps its wallet and other login methods (it is deleted
 * only when nothing else is left on it). 'Transfer account' moves it at once (the button reads 'Success!',
 * then the modal closes and the link flow answers with the re-fetched user). Only when a server disclosed
 * the other user's embedded wallet (Foyer's never does) does 'Continue' lead to 'Check assets before
 * transferring' first. 'No thanks' closes the modal.
 */
export function AccountTransferPrompt({ params }: ScreenProps<'accountTransfer'>) {
  const { router, messages } = useModal()
  const m = messages.accountTransfer
  const { transfer } = params
  const state = useAccountTransfer(params)
  return (
    <div className="foyer-screen">
      <div className="foyer-header">
        <ScreenTitle>{accountTransferTitle(transfer, messages)}</ScreenTitle>
      </div>
      <p className="foyer-text">
        {formatMessage(m.body, { account: transfer.displayName ?? transfer.account })}
      </p>
      {transfer.embeddedWalletAddress ? (
        <>
          <Button block onClick={() => router.push('accountTransferAssets', params)}>
            {m.continue}
          </Button>
          <Button block variant="secondary" onClick={state.decline}>
            {m.noThanks}
          </Button>
        </>
      ) : (
        <TransferButtons state={state} />
      )}
    </div>
  )
}
