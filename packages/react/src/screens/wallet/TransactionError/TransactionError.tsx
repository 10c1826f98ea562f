import { COPY_FEEDBACK_MS } from '@foyer/protocol'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { CopyButton } from '../../../ui/CopyButton'
import { Notice } from '../../../ui/Notice'
import { explorerTransactionUrl } from './explorerTransactionUrl'

/**
 * Transaction error (docs/modal.md, docs/errors.md): the error code, 'Please try again.', the error message,
 * the transaction hash (copyable, with an explorer link) when one was obtained, and 'Retry transaction',
 * which returns to the confirmation and drops the nonce only when a hash exists.
 */
export function TransactionError({ params }: ScreenProps<'transactionError'>) {
  const { messages, router, close } = useModal()
  const m = messages.transaction
  const { prompt, settle, error, hash } = params
  const link = hash ? explorerTransactionUrl(prompt.chain, hash) : undefined
  return (
    <Notice
      title={<ScreenTitle>{m.errorTitle}</ScreenTitle>}
      detail={
        <>
          {formatMessage(m.errorCode, { code: error.code })}
          <br />
          {m.errorRetry}
        </>
      }
    >
      {error.message ? (
        <p className="foyer-message" role="alert">
          {error.message}
        </p>
      ) : null}
      {hash ? (
        <div className="foyer-card foyer-field">
          <span className="foyer-text">{m.transactionHash}</span>
          <span className="foyer-mono">{hash}</span>
          <div className="foyer-row">
            <CopyButton
              text={hash}
              label={messages.wallet.copy}
              copiedLabel={messages.wallet.copied}
              feedbackMs={COPY_FEEDBACK_MS}
              variant="link"
            />
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
