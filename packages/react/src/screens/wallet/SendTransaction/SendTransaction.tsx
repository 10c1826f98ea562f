import { formatUnits, type SendTransactionPrompt, type TransactionPreview } from '@foyer/core/wallet'
import { useEffect, useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import type { ScreenProps } from '../../../modal/screenParams'
import { sanitizeImageUrl } from '../../../theme/sanitizeImageUrl'
import { Alert } from '../../../ui/Alert'
import { Spinner } from '../../../ui/Spinner'
import { addFundsRoute } from '../../funding/addFundsRoute'
import { ConfirmTransaction } from '../ConfirmTransaction/ConfirmTransaction'
import { decodedRows, summaryRows } from './decodedRows'
import { TransactionDetails } from './TransactionDetails'

/**
 * The Ethereum adapter of the transaction confirmation (`ConfirmTransaction`): send-transaction confirmation
 * (docs/confirmation-screen.md; docs/modal.md preparing → ready → submitting → success or error): title
 * (with '(n / m)' in a batch), To, Amount (token units for ERC-20 calls, 'Maximum' for an unlimited
 * allowance), Token (the contract's symbol), Spender, Network, Estimated fee (with any L1 data fee; or 'Sponsored'), Total, the wallet's
 * balance and the expandable Details (the decoded call's operator, approval flag, token ids, amounts,
 * from/to). `setApprovalForAll(…, true)` is called out; a simulation that reverts shows 'There was an error
 * preparing your transaction. Your transaction request will likely fail.'. When the balance is short:
 * 'Wallet has insufficient funds for this transaction.' and 'Add funds on {chain} to complete transaction.',
 * and Approve stays disabled ('Add funds' instead when the app offers funding). Approve (or 'Continue' when
 * more follow) sends, waits for the receipt, then shows success or the error screen.
 *
 * A flow put in front while it sends (an MFA verification, a password recovery) replaces this screen and
 * then brings back a new instance of it: the send started here still settles the prompt and moves the modal
 * on, and the new instance shows it submitting, with Approve busy (one send per approval).
 */
/** The prompts whose Approve is sending: a screen brought back mid-send shows it busy, not a second Approve. */
const sending = new WeakSet<SendTransactionPrompt>()

export function SendTransaction({ params }: ScreenProps<'sendTransaction'>) {
  const { client, messages, format, appName, router } = useModal()
  const m = messages.transaction
  const { prompt, settle, retry } = params
  const { chain, request, step, uiOptions } = prompt
  const [preview, setPreview] = useState<TransactionPreview | undefined>(undefined)
  const [previewFailed, setPreviewFailed] = useState(false)
  const [submitting, setSubmitting] = useState(() => sending.has(prompt))
  const more = step !== undefined && step.index < step.count

  useEffect(() => {
    let cancelled = false
    prompt.preview().then(
      (result) => !cancelled && setPreview(result),
      () => !cancelled && setPreviewFailed(true),
    )
    return () => {
      cancelled = true
    }
  }, [prompt])

  const approve = async () => {
    if (sending.has(prompt)) return
    sending.add(prompt)
    setSubmitting(true)
    let hash: `0x${string}` | undefined
    try {
      hash = await prompt.send({ resetNonce: retry?.resetNonce ?? false })
      const receipt = await prompt.waitForReceipt(hash)
      // Dismissed meanwhile: nothing left to show. Otherwise the flow goes on, even if this instance was
      // replaced by one brought back after a flow in front of it.
      if (settle.settled) return
      if (receipt.status !== 'success') {
        router.replace('transactionError', {
          prompt,
          settle,
          hash,
          error: { code: 'call_exception', message: 'The transaction reverted.' },
        })
        return
      }
      settle.resolve(hash)
      if (!more) router.replace('transactionSuccess', { chainType: 'ethereum', prompt, receipt })
    } catch (caught) {
      if (!settle.settled)
        router.replace('transactionError', { prompt, settle, hash, error: toErrorInfo(caught) })
    } finally {
      sending.delete(prompt)
    }
  }

  const decoded = decodedRows(request, preview, chain, format, m)
  const contractInfo = uiOptions?.transactionInfo?.contractInfo
  // The host's image shows only from http(s) or a data:image URL (docs/confirmation-screen.md).
  const contractImage = sanitizeImageUrl(contractInfo?.imgUrl)
  const baseTitle = uiOptions?.title || m.title
  const title =
    step && step.count > 1
      ? formatMessage(m.step, { title: baseTitle, n: step.index, m: step.count })
      : baseTitle
  const short = preview?.insufficientFunds ?? false
  const loading = !preview && !previewFailed
  // 'Add funds' replaces Approve when the balance is short and the app offers funding (docs/modal.md).
  const fundRoute =
    short && preview
      ? addFundsRoute(client, {
          address: prompt.wallet.address,
          chain: { id: chain.id },
          amount: formatUnits(
            preview.total > preview.balance ? preview.total - preview.balance : 0n,
            chain.nativeCurrency.decimals,
            chain.nativeCurrency.decimals,
          ),
        })
      : null

  return (
    <ConfirmTransaction
      title={title}
      description={uiOptions?.description || formatMessage(m.description, { app: appName })}
      media={
        contractImage ? (
          <img
            className="foyer-contract-image"
            src={contractImage}
            alt={contractInfo?.imgAltText ?? ''}
            width={64}
            height={64}
          />
        ) : null
      }
      rows={summaryRows(decoded, preview, chain, format, m)}
      alerts={
        <>
          {decoded.approvesCollection ? <Alert tone="warning">{m.approvalForAllWarning}</Alert> : null}
          {short ? (
            <div role="alert" className="foyer-field">
              <p className="foyer-error-text">{m.insufficientFunds}</p>
              <p className="foyer-warning">{formatMessage(m.addFundsHint, { chain: chain.name })}</p>
            </div>
          ) : preview?.prepareError || previewFailed ? (
            <Alert tone="warning">{m.prepareError}</Alert>
          ) : null}
        </>
      }
      settle={settle}
      busy={submitting}
      approveDisabled={loading || short}
      approveLabel={uiOptions?.buttonText || (more ? messages.wallet.continue : messages.wallet.approve)}
      onApprove={approve}
      fundRoute={fundRoute}
      status={submitting ? m.submitting : null}
    >
      <TransactionDetails prompt={prompt} preview={preview} messages={messages} decoded={decoded.details} />
      {loading ? (
        <div className="foyer-row" role="status">
          <Spinner />
          <span>{m.preparing}</span>
        </div>
      ) : null}
    </ConfirmTransaction>
  )
}
