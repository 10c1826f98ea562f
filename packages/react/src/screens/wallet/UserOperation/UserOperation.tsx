import type { RpcTransactionRequest, UserOperationPreview, UserOperationResult } from '@foyer/core/wallet'
import { useEffect, useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Alert } from '../../../ui/Alert'
import { Button } from '../../../ui/Button'
import { Collapsible } from '../../../ui/Collapsible'
import { DetailRows } from '../../../ui/DetailRows'
import { Notice } from '../../../ui/Notice'
import { Spinner } from '../../../ui/Spinner'
import { ConfirmTransaction } from '../ConfirmTransaction/ConfirmTransaction'
import { decodedRows, estimatedFee, summaryRows } from '../SendTransaction/decodedRows'
import { formatNative } from '../SendTransaction/formatNative'

/**
 * The confirmation of a smart wallet's user operation (docs/smart-wallets.md#the-confirmation-screen): each
 * call decoded as on the transaction confirmation (To, Amount, Token, Spender, Details), one call at a time
 * with '(n / m)' in the title and 'Continue' until the last; Network; Estimated fee: 'Sponsored' only when
 * the prepared operation carries the paymaster's data (`preview.sponsored`), else the most the smart wallet
 * pays (all gas limits × max fee per gas); Total, the smart wallet's balance. Approve on the last call has the
 * owner sign the operation and the bundler send it; success shows 'Transaction complete!' with the
 * user-operation hash and the transaction hash. A reverted operation or a failed send shows its error, and
 * Approve again retries.
 */
export function UserOperation({ params }: ScreenProps<'userOperation'>) {
  const { messages, format, appName, close } = useModal()
  const m = messages.transaction
  const u = messages.userOperation
  const { prompt, settle } = params
  const { chain, calls, uiOptions } = prompt
  const [preview, setPreview] = useState<UserOperationPreview | undefined>(undefined)
  const [prepareError, setPrepareError] = useState<string | undefined>(undefined)
  const [index, setIndex] = useState(0)
  const [submitting, setSubmitting] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [result, setResult] = useState<UserOperationResult | undefined>(undefined)

  useEffect(() => {
    let cancelled = false
    prompt.preview().then(
      (value) => !cancelled && setPreview(value),
      (error: unknown) => !cancelled && setPrepareError(toErrorInfo(error).message),
    )
    return () => {
      cancelled = true
    }
  }, [prompt])

  const count = calls.length
  const more = index < count - 1
  const call: Partial<RpcTransactionRequest> = calls[index] ?? {}
  const callPreview = preview?.calls[index]

  const approve = async () => {
    if (more) {
      setIndex(index + 1)
      return
    }
    setSubmitting(true)
    setFailure(undefined)
    try {
      const sent = await prompt.send()
      if (settle.settled) return
      if (!sent.success) {
        setFailure(u.reverted)
        return
      }
      settle.resolve(sent)
      setResult(sent)
    } catch (caught) {
      if (!settle.settled) setFailure(toErrorInfo(caught).message)
    } finally {
      setSubmitting(false)
    }
  }

  if (result) {
    return (
      <div role="status">
        <Notice
          tone="success"
          title={<ScreenTitle>{uiOptions?.successHeader || m.successTitle}</ScreenTitle>}
          detail={uiOptions?.successDescription || m.successDetail}
        >
          <DetailRows
            rows={[
              [u.userOperationHash, result.userOperationHash, true],
              [m.transactionHash, result.transactionHash, true],
            ]}
          />
          <Button block onClick={close}>
            {m.successButton}
          </Button>
        </Notice>
      </div>
    )
  }

  const decoded = decodedRows(call, callPreview, chain, format, m)
  const baseTitle = uiOptions?.title || m.title
  const title = count > 1 ? formatMessage(m.step, { title: baseTitle, n: index + 1, m: count }) : baseTitle
  const loading = !preview && !prepareError
  const short = preview?.insufficientFunds ?? false
  const data = call.data && call.data !== '0x' ? call.data : undefined

  return (
    <ConfirmTransaction
      title={title}
      description={uiOptions?.description || formatMessage(m.description, { app: appName })}
      rows={summaryRows(decoded, preview, chain, format, m)}
      alerts={
        <>
          {decoded.approvesCollection ? <Alert tone="warning">{m.approvalForAllWarning}</Alert> : null}
          {preview?.paymasterError ? <Alert tone="warning">{u.notSponsored}</Alert> : null}
          {short ? <Alert>{m.insufficientFunds}</Alert> : null}
          {prepareError ? (
            <div role="alert" className="foyer-field">
              <p className="foyer-warning">{m.prepareError}</p>
              <p className="foyer-error-text">{prepareError}</p>
            </div>
          ) : null}
          {failure ? <Alert>{failure}</Alert> : null}
        </>
      }
      settle={settle}
      busy={submitting}
      approveDisabled={loading || short || Boolean(prepareError)}
      approveLabel={uiOptions?.buttonText || (more ? messages.wallet.continue : messages.wallet.approve)}
      onApprove={approve}
      status={submitting ? m.submitting : null}
    >
      <Collapsible label={m.details}>
        <DetailRows
          rows={[
            [u.smartWallet, prompt.smartWallet.address, 'address'],
            // An EIP-7702 account is the owner's own address: it is listed once.
            ...(prompt.smartWallet.address.toLowerCase() === prompt.wallet.address.toLowerCase()
              ? []
              : [[u.owner, prompt.wallet.address, 'address'] as const]),
            [m.to, call.to, 'address'],
            [
              m.action,
              uiOptions?.transactionInfo?.action ??
                callPreview?.action?.functionName ??
                (data ? m.contractCall : m.transfer),
            ],
            ...decoded.details,
            [messages.polish.estFees, preview ? estimatedFee(preview, chain, format, m) : undefined],
            [m.gasLimit, preview ? format.number(preview.gas) : undefined],
            [m.totalWithFees, preview ? formatNative(preview.total, chain, format) : undefined],
          ]}
        />
      </Collapsible>
      {loading ? (
        <div className="foyer-row" role="status">
          <Spinner />
          <span>{m.preparing}</span>
        </div>
      ) : null}
    </ConfirmTransaction>
  )
}
