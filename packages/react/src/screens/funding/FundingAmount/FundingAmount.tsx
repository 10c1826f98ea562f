import { formatUsd, fundingAssetSymbol, getTokenPrice } from '@foyer/core/funding'
import { useEffect, useId, useState } from 'react'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { pushFundingScreen } from '../returnToFundingMethods'
import { isPositiveAmount, sanitizeAmountInput } from './sanitizeAmountInput'

/**
 * 'Confirm or edit amount' (docs/modal.md "Edit amount", docs/limits.md): a numeric field with the asset's
 * symbol (digits and at most one decimal point; a leading '.' becomes '0.'), the fiat estimate from
 * `token_price` (hidden when the price is unknown) and Continue, enabled only for a number above 0, which
 * opens `params.next` with the confirmed amount.
 */
export function FundingAmount({ params }: ScreenProps<'fundingAmount'>) {
  const { client, messages, router } = useModal()
  const m = messages.funding
  const { request, next } = params
  const [amount, setAmount] = useState(request.amount)
  const [price, setPrice] = useState<number | null>(null)
  const inputId = useId()
  const { symbol, priceChainId } = fundingAssetSymbol(request)

  useEffect(() => {
    let cancelled = false
    void getTokenPrice(client, { chainId: priceChainId, tokenSymbol: symbol }).then((usd) => {
      if (!cancelled) setPrice(usd)
    })
    return () => {
      cancelled = true
    }
  }, [client, priceChainId, symbol])

  const valid = isPositiveAmount(amount)
  const estimate = valid && price !== null ? formatUsd(Number(amount) * price) : null

  return (
    <form
      className="foyer-screen"
      onSubmit={(event) => {
        event.preventDefault()
        if (!valid) return
        pushFundingScreen(router, next, { ...params, request: { ...request, amount } })
      }}
    >
      <ScreenHeader
        title={<ScreenTitle>{m.amountTitle}</ScreenTitle>}
        onBack={router.back}
        backLabel={m.back}
      />
      <label className="foyer-field" htmlFor={inputId}>
        <span className="foyer-sr-only">{formatMessage(m.amountLabel, { symbol })}</span>
        <span className="foyer-input-row">
          <input
            id={inputId}
            className="foyer-input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(sanitizeAmountInput(event.target.value, amount))}
          />
          <span aria-hidden="true">{symbol}</span>
        </span>
      </label>
      <p className="foyer-text" aria-live="polite" data-testid="funding-fiat-estimate">
        {estimate ? formatMessage(m.fiatEstimate, { usd: estimate }) : null}
      </p>
      <Button type="submit" block disabled={!valid}>
        {m.continue}
      </Button>
    </form>
  )
}
