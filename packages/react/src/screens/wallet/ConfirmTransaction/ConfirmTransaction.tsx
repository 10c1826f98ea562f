import type { ReactNode } from 'react'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import { type DetailRow, DetailRows } from '../../../ui/DetailRows'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { ApprovalActions, type ApprovalActionsProps } from '../approval/ApprovalActions'

/**
 * What a chain's confirmation shows (its adapter computes it: `SendTransaction` for Ethereum,
 * `SolanaTransaction` for Solana): the summary rows, what follows them, the alerts and the buttons.
 */
export type ConfirmTransactionProps = ApprovalActionsProps & {
  title: string
  description: string
  /** Above the summary card: the contract's image (`transactionInfo.contractInfo`); absent: none. */
  media?: ReactNode
  /** The summary card: amount, fees, total, balance, network. */
  rows: readonly DetailRow[]
  /** Below the card: the details, an instruction pager, 'Preparing…'. */
  children?: ReactNode
  /** Insufficient funds, a preparation or sending failure: shown above the buttons. */
  alerts?: ReactNode
  /** A live region under the buttons ('Submitting…'); absent: none. */
  status?: ReactNode
}

/**
 * The transaction confirmation every chain shares: title, description, the summary card, the chain's own
 * details, the alerts, then Cancel and Approve (or 'Add funds'). The chain's screen supplies the content and
 * what Approve does.
 */
export function ConfirmTransaction(props: ConfirmTransactionProps) {
  return (
    <div className="foyer-screen">
      <ScreenHeader title={<ScreenTitle>{props.title}</ScreenTitle>} />
      <p className="foyer-text">{props.description}</p>
      {props.media}
      <div className="foyer-card">
        <DetailRows rows={props.rows} />
      </div>
      {props.children}
      {props.alerts}
      <ApprovalActions {...props} />
      {props.status === undefined ? null : (
        <div className="foyer-row" role="status" aria-live="polite">
          {props.status}
        </div>
      )}
    </div>
  )
}
