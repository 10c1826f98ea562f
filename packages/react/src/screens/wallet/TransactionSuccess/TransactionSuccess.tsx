import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { Notice } from '../../../ui/Notice'
import { explorerTransactionUrl } from '../TransactionError/explorerTransactionUrl'

/**
 * Transaction success (docs/modal.md): 'Transaction complete!' / "You're all set." (or `successHeader` /
 * `successDescription`) with an explorer link when the chain has one, and 'All Done'. For Solana: 'Transaction
 * completed successfully.' and Close.
 */
export function TransactionSuccess({ params }: ScreenProps<'transactionSuccess'>) {
  const { messages, close } = useModal()
  const m = messages.transaction
  const ui = params.prompt.uiOptions
  const link =
    params.chainType === 'ethereum'
      ? explorerTransactionUrl(params.prompt.chain, params.receipt.transactionHash)
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
        {link ? (
          <a
            className="foyer-button"
            data-variant="link"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {link.label(messages)}
          </a>
        ) : null}
        <Button block onClick={close}>
          {params.chainType === 'solana' ? messages.wallet.close : m.successButton}
        </Button>
      </Notice>
    </div>
  )
}
