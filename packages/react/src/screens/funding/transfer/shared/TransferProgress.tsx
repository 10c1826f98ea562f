import type { ReactNode } from 'react'
import { formatMessage } from '../../../../i18n/formatMessage'
import { useModal } from '../../../../modal/ModalContext'
import { ScreenTitle } from '../../../../modal/ScreenTitle'
import { Alert } from '../../../../ui/Alert'
import { Button } from '../../../../ui/Button'
import { Notice } from '../../../../ui/Notice'
import { Spinner } from '../../../../ui/Spinner'
import type { FundingTransferState } from './useFundingTransfer'

/**
 * The success notice of a transfer into the embedded wallet: 'You've funded your account!' with '{amount}
 * {symbol} arrived in your wallet.' (docs/modal.md; internal).
 */
export function FundedNotice({ values }: { values: Record<string, string> }) {
  const m = useModal().messages.fundingTransfer
  return (
    <div role="status">
      <Notice
        tone="success"
        title={<ScreenTitle>{m.funded}</ScreenTitle>}
        detail={formatMessage(m.fundedDetail, values)}
      />
    </div>
  )
}

/**
 * A transfer's progress below its header (internal): on failure the error and, when a retry may help, 'Try
 * again'; otherwise a spinner and `statusText` as a live status, its phase in `data-transfer-phase`, then
 * `children` (a detail line).
 */
export function TransferProgress<Status extends string>({
  state,
  statusText,
  children,
}: {
  state: FundingTransferState<Status>
  statusText: string
  children?: ReactNode
}) {
  const m = useModal().messages.fundingTransfer
  if (state.phase === 'error')
    return (
      <>
        <Alert>{state.error}</Alert>
        {state.retry ? (
          <Button block onClick={() => void state.run()}>
            {m.tryAgain}
          </Button>
        ) : null}
      </>
    )
  return (
    <>
      <div className="foyer-center">
        <Spinner size="large" />
      </div>
      <p className="foyer-text" role="status" data-transfer-phase={state.phase}>
        {statusText}
      </p>
      {children}
    </>
  )
}
