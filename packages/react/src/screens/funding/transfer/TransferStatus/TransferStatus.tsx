import {
  type ExternalTransferStatus,
  fundingAssetSymbol,
  transferFromExternalWallet,
} from '@foyer/core/funding'
import { useCallback, useState } from 'react'
import { errorOutcome } from '../../../../errors/errorOutcome'
import { toErrorInfo } from '../../../../errors/toErrorInfo'
import { useCloseAfterSuccess } from '../../../../hooks/useCloseAfterSuccess'
import { useStartOnce } from '../../../../hooks/useStartOnce'
import { formatMessage } from '../../../../i18n/formatMessage'
import { useModal } from '../../../../modal/ModalContext'
import { ScreenTitle } from '../../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../../modal/screenParams'
import { Button } from '../../../../ui/Button'
import { Notice } from '../../../../ui/Notice'
import { ScreenHeader } from '../../../../ui/ScreenHeader'
import { Spinner } from '../../../../ui/Spinner'

type Phase = 'preparing' | ExternalTransferStatus | 'success' | 'error'

/**
 * The transfer from an external wallet on the same chain (spec 02 §4 "External wallet funding"): preparing,
 * switching chain (when the wallet is on another one), sending (the user confirms in the wallet), waiting
 * for the receipt, then 'You've funded your account!' and the modal closes by itself. A failure shows its
 * message with 'Try again'.
 */
export function TransferStatus({ params }: ScreenProps<'fundingTransferStatus'>) {
  const { router, messages } = useModal()
  const m = messages.fundingTransfer
  const { request, wallet, from, settle } = params
  const [phase, setPhase] = useState<Phase>('preparing')
  const [error, setError] = useState<string | undefined>(undefined)
  const [retry, setRetry] = useState(true)
  const symbol = fundingAssetSymbol(request).symbol
  const network = request.chain?.name ?? request.cluster?.name ?? ''

  const run = useCallback(async () => {
    setError(undefined)
    setPhase('preparing')
    try {
      await transferFromExternalWallet({ request, wallet, from, onStatus: setPhase })
      setPhase('success')
      settle.resolve({ status: 'completed', method: 'wallets' })
    } catch (caught) {
      const outcome = errorOutcome('fundingTransfer', toErrorInfo(caught))
      setError(outcome.text(messages))
      setRetry(outcome.retry)
      setPhase('error')
    }
  }, [request, wallet, from, settle, messages])
  useStartOnce(run)
  useCloseAfterSuccess(phase === 'success')

  const values = { wallet: wallet.name, network, amount: request.amount, symbol }
  const text: Record<Exclude<Phase, 'success' | 'error'>, string> = {
    preparing: m.preparing,
    'switching-chain': formatMessage(m.switchingChain, values),
    sending: formatMessage(m.sending, values),
    'waiting-for-receipt': m.waitingForReceipt,
  }
  if (phase === 'success')
    return (
      <div role="status">
        <Notice
          tone="success"
          title={<ScreenTitle>{m.funded}</ScreenTitle>}
          detail={formatMessage(m.fundedDetail, values)}
        />
      </div>
    )
  return (
    <div className="foyer-screen">
      <ScreenHeader
        title={<ScreenTitle>{formatMessage(m.statusTitle, values)}</ScreenTitle>}
        onBack={phase === 'error' ? () => router.back() : undefined}
        backLabel={messages.modal.back}
      />
      {phase === 'error' ? (
        <>
          <p className="foyer-error-text" role="alert">
            {error}
          </p>
          {retry ? (
            <Button block onClick={() => void run()}>
              {m.tryAgain}
            </Button>
          ) : null}
        </>
      ) : (
        <>
          <div className="foyer-center">
            <Spinner size="large" />
          </div>
          <p className="foyer-text" role="status" data-transfer-phase={phase}>
            {text[phase]}
          </p>
        </>
      )}
    </div>
  )
}
