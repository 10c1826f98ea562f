import { type BridgeQuote, bridgeToWallet, type BridgeStatus as Status } from '@foyer/core/funding'
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
import { DetailRows } from '../../../../ui/DetailRows'
import { Notice } from '../../../../ui/Notice'
import { ScreenHeader } from '../../../../ui/ScreenHeader'
import { Spinner } from '../../../../ui/Spinner'

type Phase = Status | 'success' | 'error'

/**
 * The bridge, EVM to EVM (spec 02 §2 "Funding": confirming/bridging screen with Total, To, Network,
 * Estimated fee; §4; §7 "Bridge quote"): fetching the quote, the external wallet sending each of its steps'
 * transactions (switching chain first), then waiting until the funds arrive on the wallet's chain, and
 * 'You've funded your account!' that closes by itself. A refused quote shows 'Error fetching quote from
 * relay' or the bridge API's message, with 'Try again'.
 */
export function BridgeStatus({ params }: ScreenProps<'fundingBridgeStatus'>) {
  const { client, router, messages, config } = useModal()
  const m = messages.fundingTransfer
  const { request, wallet, from, settle, originChainId } = params
  const origin = client.chains.find((chain) => chain.id === originChainId)
  const destination = request.chain
  const [phase, setPhase] = useState<Phase>('quoting')
  const [quote, setQuote] = useState<BridgeQuote | undefined>(undefined)
  const [error, setError] = useState<string | undefined>(undefined)
  const [retry, setRetry] = useState(true)

  const run = useCallback(async () => {
    setError(undefined)
    setPhase('quoting')
    try {
      if (!origin) throw new Error(m.quoteError)
      await bridgeToWallet({
        request,
        origin,
        provider: wallet.provider,
        from,
        apiUrl: config?.funding?.bridgeApiUrl,
        testnetApiUrl: config?.funding?.bridgeTestnetApiUrl,
        onStatus: setPhase,
        onQuote: setQuote,
      })
      setPhase('success')
      settle.resolve({ status: 'completed', method: 'wallets' })
    } catch (caught) {
      const outcome = errorOutcome('fundingTransfer', toErrorInfo(caught))
      setError(outcome.text(messages))
      setRetry(outcome.retry)
      setPhase('error')
    }
  }, [request, origin, wallet, from, settle, config, messages, m.quoteError])
  useStartOnce(run)
  useCloseAfterSuccess(phase === 'success')

  const names = { from: origin?.name ?? '', to: destination?.name ?? '', network: destination?.name ?? '' }
  const values = {
    ...names,
    wallet: wallet.name,
    amount: request.amount,
    symbol: origin?.nativeCurrency.symbol ?? '',
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
  const text: Record<Exclude<Phase, 'success' | 'error'>, string> = {
    quoting: m.quoting,
    'switching-chain': formatMessage(m.switchingChain, { ...values, network: names.from }),
    sending: formatMessage(m.sending, values),
    'waiting-for-receipt': m.waitingForReceipt,
    bridging: formatMessage(m.bridging, values),
  }
  const currencyIn = quote?.details?.currencyIn
  const fee = quote?.fees?.relayer
  return (
    <div className="foyer-screen">
      <ScreenHeader
        title={<ScreenTitle>{formatMessage(m.bridgeEvmToEvm, names)}</ScreenTitle>}
        onBack={phase === 'error' ? () => router.back() : undefined}
        backLabel={messages.modal.back}
      />
      {quote ? (
        <DetailRows
          rows={[
            [
              m.total,
              currencyIn?.amountFormatted && `${currencyIn.amountFormatted} ${currencyIn.currency.symbol}`,
            ],
            [m.to, request.address, true],
            [m.network, formatMessage(m.bridgeEvmToEvm, names)],
            [m.estimatedFee, fee?.amountFormatted && `${fee.amountFormatted} ${fee.currency.symbol}`],
          ]}
        />
      ) : null}
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
          <p className="foyer-text" role="status" data-bridge-phase={phase}>
            {text[phase]}
          </p>
          {phase === 'bridging' ? <p className="foyer-text">{m.bridgingDetail}</p> : null}
        </>
      )}
    </div>
  )
}
