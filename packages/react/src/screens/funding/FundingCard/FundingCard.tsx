import {
  type MoonpayTransaction,
  type MoonpayTransactionStatus,
  moonpayCurrencyCode,
  signMoonpayOnRampUrl,
  watchMoonpayTransaction,
} from '@foyer/core/funding'
import { FUNDING_POPUP_HEIGHT_PX, FUNDING_POPUP_WIDTH_PX, sanitizeColor } from '@foyer/protocol'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Alert } from '../../../ui/Alert'
import { Button } from '../../../ui/Button'
import { type DetailRow, DetailRows } from '../../../ui/DetailRows'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { Spinner } from '../../../ui/Spinner'
import { returnToFundingMethods } from '../returnToFundingMethods'
import { trackFiatOnRamp } from '../trackFiatOnRamp'

type FundingMessages = ReturnType<typeof useModal>['messages']['funding']
type Format = ReturnType<typeof useModal>['format']

/** An amount as plain decimal text with at most `digits` decimals, trailing zeros dropped (`0.05`). */
const plain = (amount: number, digits: number) => amount.toFixed(digits).replace(/\.?0+$/, '')
/** MoonPay's asset code as its symbol: `'eth'` → `'ETH'`, `'usdc_base'` → `'USDC'`. */
const symbolOf = (code: string) => (code.split('_')[0] ?? code).toUpperCase()

/** The purchase's rows: payment method, paid (fees included), bought and fees; none MoonPay did not give. */
function purchaseRows(transaction: MoonpayTransaction, m: FundingMessages, format: Format): DetailRow[] {
  const methods: Record<string, string> = {
    credit_debit_card: m.cardMethodCard,
    apple_pay: m.cardMethodApplePay,
    google_pay: m.cardMethodGooglePay,
  }
  const {
    paymentMethod,
    baseCurrencyAmount,
    baseCurrencyCode,
    quoteCurrencyAmount,
    currencyCode,
    feeAmount,
  } = transaction
  const fiat = (amount: number | undefined) =>
    amount !== undefined && baseCurrencyCode
      ? `${format.decimal(amount.toFixed(2))} ${baseCurrencyCode.toUpperCase()}`
      : undefined
  return [
    [m.cardPaymentMethod, paymentMethod && (methods[paymentMethod] ?? paymentMethod.replaceAll('_', ' '))],
    [m.cardAmountPaid, fiat(baseCurrencyAmount)],
    [
      m.cardAmountBought,
      quoteCurrencyAmount !== undefined && currencyCode
        ? `${format.decimal(plain(quoteCurrencyAmount, 8))} ${symbolOf(currencyCode)}`
        : undefined,
    ],
    [m.cardFees, fiat(feeAmount)],
  ]
}

const MOONPAY_API_URL = 'https://api.moonpay.com'

/** Opens an empty provider popup (440 × 680) centred over the page, or returns null when blocked. */
function openPopup(): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - FUNDING_POPUP_WIDTH_PX) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - FUNDING_POPUP_HEIGHT_PX) / 2)
  return window.open(
    'about:blank',
    'foyer-moonpay',
    `width=${FUNDING_POPUP_WIDTH_PX},height=${FUNDING_POPUP_HEIGHT_PX},left=${left},top=${top}`,
  )
}

/**
 * 'Fund account' for a card purchase through MoonPay (docs/modal.md "Card on-ramp status", docs/errors.md,
 * docs/limits.md): opens the signed widget in a 440 × 680 popup (records `sdk_fiat_on_ramp_started`, and
 * `sdk_fiat_on_ramp_completed` once MoonPay reports the purchase completed), and 8 s later starts polling MoonPay's `transactions/ext/{id}` every 3 s. pending: 'Go back to MoonPay to finish
 * funding your account.'; completed: "You've funded your account!"; waitingAuthorization: 'Processing
 * payment'; failed, serviceFailure or 3 polling errors (404 is not one): back to method selection with
 * 'Something went wrong adding funds from Moonpay…'. Completed or processing, it lists the purchase as MoonPay
 * reports it: payment method, paid (fees included), bought, fees.
 */
export function FundingCard({ params }: ScreenProps<'fundingCard'>) {
  const { client, config, messages, router, close, format } = useModal()
  const m = messages.funding
  const { request, settle } = params
  const [status, setStatus] = useState<MoonpayTransactionStatus | 'opening' | 'blocked'>('opening')
  const [transaction, setTransaction] = useState<MoonpayTransaction | undefined>(undefined)
  const [widget, setWidget] = useState<{ url: string; apiUrl: string; apiKey: string; id: string } | null>(
    null,
  )
  const popup = useRef<Window | null>(null)
  const started = useRef(false)
  const completedSent = useRef(false)

  const fail = useCallback(() => {
    popup.current?.close()
    returnToFundingMethods(router, params, { errorMessage: m.cardFailed, showAlternateProvider: true })
  }, [router, params, m.cardFailed])

  const open = useCallback((url: string | null) => {
    const window_ = popup.current && !popup.current.closed ? popup.current : openPopup()
    popup.current = window_
    if (!window_) {
      setStatus('blocked')
      return false
    }
    if (url) window_.location.href = url
    setStatus('pending')
    return true
  }, [])

  // Open the popup at once (the click that led here still counts as the user's gesture), then sign.
  useEffect(() => {
    if (started.current) return
    started.current = true
    open(null)
    const accent = sanitizeColor(config?.appearance?.accentColor)
    signMoonpayOnRampUrl(client, {
      address: request.address,
      config: {
        currencyCode: moonpayCurrencyCode(request),
        quoteCurrencyAmount: Number(request.amount),
        paymentMethod: 'credit_debit_card',
        uiConfig: {
          theme: config?.appearance?.theme === 'dark' ? 'dark' : 'light',
          ...(accent ? { accentColor: accent } : {}),
        },
      },
    }).then(
      ({ signedUrl, externalTransactionId }) => {
        const apiKey = new URL(signedUrl).searchParams.get('apiKey') ?? ''
        const sandbox = apiKey.startsWith('pk_test')
        const apiUrl =
          (sandbox ? config?.funding?.moonpaySandboxApiUrl : config?.funding?.moonpayApiUrl) ??
          MOONPAY_API_URL
        setWidget({ url: signedUrl, apiUrl, apiKey, id: externalTransactionId })
        if (popup.current && !popup.current.closed) popup.current.location.href = signedUrl
        trackFiatOnRamp(client, 'started', request, 'moonpay')
      },
      () => fail(),
    )
  }, [client, config, request, open, fail])

  // After 8 s the external id counts and polling starts, every 3 s (docs/modal.md, docs/limits.md).
  useEffect(() => {
    if (!widget) return
    return watchMoonpayTransaction(
      { apiUrl: widget.apiUrl, apiKey: widget.apiKey, externalTransactionId: widget.id },
      {
        onStatus(next, read) {
          setStatus(next)
          setTransaction(read)
          if (next === 'completed' && !completedSent.current) {
            completedSent.current = true
            trackFiatOnRamp(client, 'completed', request, 'moonpay')
          }
          if (next === 'completed' || next === 'waitingAuthorization')
            settle.resolve({ status: next === 'completed' ? 'completed' : 'submitted', method: 'card' })
        },
        onFailure: fail,
      },
    )
  }, [widget, settle, fail, client, request])

  const done = status === 'completed' || status === 'waitingAuthorization'
  return (
    <div className="foyer-screen" data-funding-status={status}>
      <ScreenHeader title={<ScreenTitle>{m.statusTitle}</ScreenTitle>} />
      {status === 'completed' ? (
        <div role="status">
          <p className="foyer-status-ok">{m.funded}</p>
          <p className="foyer-text">{m.fundedDetail}</p>
        </div>
      ) : status === 'waitingAuthorization' ? (
        <div role="status">
          <p className="foyer-text">{m.processing}</p>
          <p className="foyer-text">{m.processingDetail}</p>
        </div>
      ) : status === 'blocked' ? (
        <Alert>{m.popupBlocked}</Alert>
      ) : (
        <div className="foyer-row" role="status">
          <Spinner />
          <span>{m.cardInFlow}</span>
        </div>
      )}
      {done && transaction ? <DetailRows rows={purchaseRows(transaction, m, format)} /> : null}
      {done ? (
        <Button block onClick={close}>
          {m.done}
        </Button>
      ) : (
        <Button variant="secondary" block onClick={() => open(widget?.url ?? null)}>
          {m.reopen}
        </Button>
      )}
    </div>
  )
}
