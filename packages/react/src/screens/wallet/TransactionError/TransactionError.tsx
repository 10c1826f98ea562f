import { COPY_FEEDBACK_MS } from '@foyer/protocol'
import { formatMessage } from '../../../i18n/formatMessage'
import type { Messages } from '../../../i18n/Messages'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { shortAddress } from '../../../ui/Address'
import { Button } from '../../../ui/Button'
import { CopyButton } from '../../../ui/CopyButton'
import { Notice } from '../../../ui/Notice'
import { ExplorerLink } from './ExplorerLink'
import { explorerTransactionUrl } from './explorerTransactionUrl'

/**
 * The codes whose transaction hash stays on the screen: the transaction exists on the chain (mined and
 * reverted, or replaced) or its nonce was spent (docs/transaction-errors.md "Error screen").
 */
const CODES_WITH_HASH = new Set([
  'call_exception',
  'nonce_expired',
  'replacement_underpriced',
  'transaction_replaced',
])

type TitledCode = Exclude<keyof Messages['transactionError'], `${string}Message`>

/** The title of an error code: its own ('Transaction replaced', …), else 'Transaction failed'. */
function titleOf(messages: Messages, code: string): string {
  const titles = messages.transactionError
  return code in titles && !code.endsWith('Message')
    ? titles[code as TitledCode]
    : messages.transaction.errorTitle
}

/**
 * Transaction error (docs/transaction-errors.md "Error screen"): a title derived from the error code
 * ('Transaction reverted', 'Nonce already used', 'Replacement fee too low', 'Transaction replaced',
 * 'Insufficient funds', 'Request rejected', else 'Transaction failed'), the code, 'Please try again.', the
 * message (the server's error, the node's reason or the error's message; 'Wallet {short address} does not
 * have enough funds.' for a short balance, 'User rejected the request.' for a refusal), the transaction hash
 * (copyable, with an explorer link) only for a reverted, nonce-expired, underpriced or replaced transaction,
 * and 'Retry transaction', which returns to the confirmation and drops the nonce only when a hash is shown.
 */
export function TransactionError({ params }: ScreenProps<'transactionError'>) {
  const { messages, router, close } = useModal()
  const m = messages.transaction
  const { prompt, settle, error } = params
  const hash = params.hash && CODES_WITH_HASH.has(error.code) ? params.hash : undefined
  const link = hash ? explorerTransactionUrl(prompt.chain, hash) : undefined
  const message =
    error.code === 'insufficient_funds'
      ? formatMessage(messages.transactionError.insufficientFundsMessage, {
          address: shortAddress(prompt.wallet.address),
        })
      : error.code === 'user_rejected'
        ? messages.transactionError.userRejectedMessage
        : error.message
  return (
    <Notice
      title={<ScreenTitle>{titleOf(messages, error.code)}</ScreenTitle>}
      detail={
        <>
          {formatMessage(m.errorCode, { code: error.code })}
          <br />
          {m.errorRetry}
        </>
      }
    >
      {message ? (
        <p className="foyer-message" role="alert">
          {message}
        </p>
      ) : null}
      {hash ? (
        <div className="foyer-card foyer-field">
          <span className="foyer-text">{m.transactionHash}</span>
          <span className="foyer-mono" data-testid="transaction-hash">
            {hash}
          </span>
          <div className="foyer-row">
            <CopyButton
              text={hash}
              label={messages.wallet.copy}
              copiedLabel={messages.wallet.copied}
              feedbackMs={COPY_FEEDBACK_MS}
              variant="link"
            />
            <ExplorerLink link={link} />
          </div>
        </div>
      ) : null}
      <Button
        block
        onClick={() =>
          router.replace('sendTransaction', { prompt, settle, retry: { resetNonce: hash !== undefined } })
        }
      >
        {m.retry}
      </Button>
      <Button
        block
        variant="secondary"
        onClick={() => {
          settle.reject(Object.assign(new Error(error.message ?? error.code), { code: error.code }))
          close()
        }}
      >
        {messages.wallet.close}
      </Button>
    </Notice>
  )
}
