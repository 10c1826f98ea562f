import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { Notice } from '../../../ui/Notice'
import { ExplorerLink } from '../TransactionError/ExplorerLink'
import {
  explorerTransactionUrl,
  solanaExplorerTransactionUrl,
} from '../TransactionError/explorerTransactionUrl'

/**
 * Transaction success (docs/modal.md): 'Transaction complete!' / "You're all set." (or `successHeader` /
 * `successDescription`) with an explorer link when the chain has one (the host's, else a well-known chain's
 * default: docs/transaction-errors.md "Block explorers"), and 'All Done'. For Solana: 'Transaction completed
 * successfully.', a Solana Explorer link on a well-known cluster, and Close.
 */
export function TransactionSuccess({ params }: ScreenProps<'transactionSuccess'>) {
  const { messages, close } = useModal()
  const m = messages.transaction
  const ui = params.prompt.uiOptions
  const link =
    params.chainType === 'ethereum'
      ? explorerTransactionUrl(params.prompt.chain, params.receipt.transactionHash)
      : params.prompt.mode === 'signAndSend'
        ? solanaExplorerTransactionUrl(params.prompt.cluster, params.signature)
        : undefined
  return (
    <div role="status">
      <Notice
        tone="success"
        title={<ScreenTitle>{ui?.successHeader || m.successTitle}</ScreenTitle>}
        detail={
          ui?.successDescription ||
          (params.chainType === 'solana' ? messages.solana.successDetail : m.successDetail)
        }
      >
        <ExplorerLink link={link} />
        <Button block onClick={close}>
          {params.chainType === 'solana' ? messages.wallet.close : m.successButton}
        </Button>
      </Notice>
    </div>
  )
}
