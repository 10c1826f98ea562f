import { useModal } from '../../../modal/ModalContext'
import type { Route } from '../../../modal/router/createRouter'
import type { ScreenParamsMap } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'

/** Props of {@link ApprovalActions}. */
export type ApprovalActionsProps = {
  /** The prompt's answer: Cancel rejects it (the caller sees code 4001, `'user_rejected'`). */
  settle: { reject(): void }
  /** Signing or sending: Approve spins, Cancel is disabled. */
  busy: boolean
  /** Approve cannot be pressed (the summary is loading, or the balance is short). */
  approveDisabled?: boolean | undefined
  approveLabel: string
  onApprove(): void
  /** When set, 'Add funds' (to this route) takes Approve's place: the balance is short and the app funds. */
  fundRoute?: Route<ScreenParamsMap> | null | undefined
}

/**
 * The buttons under every wallet request (sign a message or typed data, confirm a transaction on any
 * chain): Cancel rejects the request and closes the modal; Approve runs it, or 'Add funds' replaces it when
 * the wallet cannot pay.
 */
export function ApprovalActions(props: ApprovalActionsProps) {
  const { messages, router, close } = useModal()
  const { fundRoute } = props
  return (
    <div className="foyer-actions">
      <Button
        variant="secondary"
        disabled={props.busy}
        onClick={() => {
          props.settle.reject()
          close()
        }}
      >
        {messages.wallet.cancel}
      </Button>
      {fundRoute ? (
        <Button onClick={() => router.push(fundRoute.id, fundRoute.params as never)}>
          {messages.transaction.addFunds}
        </Button>
      ) : (
        <Button busy={props.busy} disabled={props.approveDisabled} onClick={props.onApprove}>
          {props.approveLabel}
        </Button>
      )}
    </div>
  )
}
