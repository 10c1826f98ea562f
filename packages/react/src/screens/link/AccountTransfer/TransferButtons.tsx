import { useModal } from '../../../modal/ModalContext'
import { Alert } from '../../../ui/Alert'
import { Button } from '../../../ui/Button'
import type { AccountTransferState } from './useAccountTransfer'

/**
 * 'Transfer account' (becomes 'Success!') and 'No thanks' (closes the modal, which rejects the
 * link flow), with the failure text above them (docs/modal.md).
 */
export function TransferButtons({ state }: { state: AccountTransferState }) {
  const { messages } = useModal()
  const m = messages.accountTransfer
  return (
    <>
      {state.error ? <Alert>{state.error}</Alert> : null}
      <Button block busy={state.status === 'busy'} onClick={state.run}>
        {state.status === 'done' ? m.success : m.transfer}
      </Button>
      <Button block variant="secondary" onClick={state.decline} disabled={state.status !== 'idle'}>
        {m.noThanks}
      </Button>
    </>
  )
}
