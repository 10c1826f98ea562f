import {
  type CoinbaseOnRampFlowStatus,
  coinbaseOnRampPayUrl,
  coinbaseOnRampRequest,
  FundingError,
  type FundingPopupRef,
  initCoinbaseOnRamp,
  openFundingPopup,
  trackCoinbaseOnRamp,
} from '@foyer/core/funding'
import { useCallback, useState } from 'react'
import { useAbortOnUnmount } from '../../../hooks/useAbortOnUnmount'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useStartOnce } from '../../../hooks/useStartOnce'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Alert } from '../../../ui/Alert'
import { Button } from '../../../ui/Button'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { Spinner } from '../../../ui/Spinner'
import { returnToFundingMethods } from '../returnToFundingMethods'
import { trackFiatOnRamp } from '../trackFiatOnRamp'

type View = { kind: 'blocked' } | { kind: 'status'; status: CoinbaseOnRampFlowStatus }

/**
 * 'Fund account' for the exchange on-ramp, Coinbase Onramp (docs/modal.md "Exchange on-ramp status",
 * docs/api.md, docs/errors.md). On mount it refuses a chain Coinbase does not serve ('Unsupported chainId:
 * {id} for Coinbase Onramp', back to the method selection), opens the 440 × 680 popup, asks the server for a
 * session (`coinbase_on_ramp/init`) and sends the popup to the pay page with the amount, network and asset.
 * Then: 'pending-in-flow' while the popup is open, 'pending-after-flow' once it closed, polled 5 s after the
 * start and every 1.5 s (`sdk_fiat_on_ramp_started` once the pay page opens); 'success' sends
 * `sdk_fiat_on_ramp_completed` and resolves `fundWallet()` with `submitted`; 'error' shows the documented
 * text; 3 polls without success after the popup closed go back to the method selection with the other card
 * provider shown. A blocked popup offers 'Reopen the payment window' (a click, so the browser allows it).
 */
export function FundingExchange({ params }: ScreenProps<'fundingExchange'>) {
  const { client, config, messages, router, close } = useModal()
  const m = messages.fundingExchange
  const f = messages.funding
  const [view, setView] = useState<View>({ kind: 'status', status: 'pending-in-flow' })
  const isMounted = useIsMounted()
  const nextSignal = useAbortOnUnmount()

  const run = useCallback(
    async (openPopup: () => FundingPopupRef | null) => {
      let exchange: ReturnType<typeof coinbaseOnRampRequest>
      try {
        exchange = coinbaseOnRampRequest(params.request)
      } catch (error) {
        const errorMessage = error instanceof FundingError ? error.message : m.initFailed
        returnToFundingMethods(router, params, { errorMessage })
        return
      }
      const popup = openPopup()
      if (!popup) {
        setView({ kind: 'blocked' })
        return
      }
      setView({ kind: 'status', status: 'pending-in-flow' })
      const signal = nextSignal()
      try {
        const session = await initCoinbaseOnRamp(client, exchange.init)
        signal.throwIfAborted()
        popup.location.replace(
          coinbaseOnRampPayUrl({
            payUrl: config?.funding?.coinbasePayUrl,
            session,
            experience: params.via === 'card' ? 'buy' : 'send',
            amount: params.request.amount,
            network: exchange.network,
            asset: exchange.asset,
          }),
        )
        trackFiatOnRamp(client, 'started', params.request, 'coinbase')
        const outcome = await trackCoinbaseOnRamp(client, {
          partnerUserId: session.partner_user_id,
          popup,
          signal,
          onStatus: (status) => {
            if (isMounted()) setView({ kind: 'status', status })
          },
        })
        if (outcome === 'success') {
          trackFiatOnRamp(client, 'completed', params.request, 'coinbase')
          params.settle.resolve({ status: 'submitted', method: params.via === 'card' ? 'card' : 'exchange' })
        } else if (outcome === 'timed-out' && isMounted())
          returnToFundingMethods(router, params, { showAlternateProvider: true })
      } catch {
        if (signal.aborted || !isMounted()) return
        popup.close()
        returnToFundingMethods(router, params, { errorMessage: m.initFailed })
      }
    },
    [client, config, isMounted, m, nextSignal, params, router],
  )

  useStartOnce(useCallback(() => run(openFundingPopup), [run]))

  const title = <ScreenTitle>{f.statusTitle}</ScreenTitle>
  if (view.kind === 'status' && view.status === 'success')
    return (
      <div className="foyer-screen" data-funding-status="success">
        <ScreenHeader title={title} />
        <div role="status">
          <p className="foyer-status-ok">{f.funded}</p>
          <p className="foyer-text">{f.fundedDetail}</p>
        </div>
        <Button block onClick={close}>
          {f.done}
        </Button>
      </div>
    )
  if (view.kind === 'status' && view.status === 'error')
    return (
      <div className="foyer-screen" data-funding-status="error">
        <ScreenHeader title={title} />
        <Alert>{m.failed}</Alert>
        <Button variant="secondary" block onClick={() => returnToFundingMethods(router, params)}>
          {f.back}
        </Button>
      </div>
    )
  if (view.kind === 'blocked')
    return (
      <div className="foyer-screen">
        <ScreenHeader title={title} onBack={router.back} backLabel={f.back} />
        <Alert>{f.popupBlocked}</Alert>
        <Button block onClick={() => void run(openFundingPopup)}>
          {f.reopen}
        </Button>
      </div>
    )
  return (
    <div className="foyer-screen" aria-busy="true" data-funding-status={view.status}>
      <ScreenHeader title={title} />
      <Spinner size="large" />
      <p className="foyer-text" role="status">
        {view.status === 'pending-in-flow' ? m.inFlow : m.afterFlow}
      </p>
    </div>
  )
}
