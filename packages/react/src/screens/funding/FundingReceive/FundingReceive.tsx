import { fundingAssetSymbol, getFundingBalance, parseAmount } from '@foyer/core/funding'
import { formatLamports, formatUnits } from '@foyer/core/wallet'
import {
  COPY_FEEDBACK_MS,
  FUNDING_QR_ECC,
  FUNDING_QR_SIZE_PX,
  FUNDING_RECEIVE_POLL_MS,
} from '@foyer/protocol'
import { useEffect, useState } from 'react'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Address } from '../../../ui/Address'
import { Button } from '../../../ui/Button'
import { CopyButton } from '../../../ui/CopyButton'
import { QrCode } from '../../../ui/QrCode'
import { ScreenHeader } from '../../../ui/ScreenHeader'

/**
 * Manual receive (docs/modal.md "Manual receive-funds", docs/limits.md): a QR code of the address (160 px,
 * error correction Q), the address with a copy button ('Copied' for 1.5 s), 'Make sure to send funds on
 * {network}', and the balance of the requested asset (the native coin, or the token's ERC-20 balance for USDC
 * and other tokens), polled every 2 s; it turns green once it has risen by the requested amount since the
 * screen opened (its first read is the baseline: a balance that already covered the amount is no payment
 * received, docs/funding.md#receive-funds). Amounts show with
 * up to 6 decimals (USDC's 6 decimals in full, SOL under 0.001 as '<0.001'; docs/limits.md). No balance row
 * when the asset cannot be read (USDC on a chain without a known USDC contract).
 */
export function FundingReceive({ params }: ScreenProps<'fundingReceive'>) {
  const { messages, router, close, config } = useModal()
  const tokenAddresses = config?.funding?.tokenAddresses
  const m = messages.funding
  const { request, settle } = params
  const { symbol } = fundingAssetSymbol(request)
  // undefined while the first read is under way; null when the asset cannot be read here.
  const [balance, setBalance] = useState<{ value: bigint; decimals: number } | null | undefined>()
  // The first balance read: what was there before anything was sent.
  const [baseline, setBaseline] = useState<bigint | undefined>()
  const network =
    request.chainType === 'solana'
      ? `Solana ${request.cluster?.name ?? ''}`.trim()
      : (request.chain?.name ?? '')

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = () => {
      getFundingBalance(request, tokenAddresses)
        .then((next) => {
          if (stopped) return
          setBalance(next)
          if (next) setBaseline((first) => first ?? next.value)
        })
        .catch(() => {})
        .finally(() => {
          if (!stopped) timer = setTimeout(poll, FUNDING_RECEIVE_POLL_MS)
        })
    }
    poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [request, tokenAddresses])

  const reached =
    !!balance &&
    baseline !== undefined &&
    balance.value - baseline >= parseAmount(request.amount, balance.decimals)
  useEffect(() => {
    if (reached) settle.resolve({ status: 'completed', method: 'manual' })
  }, [reached, settle])

  return (
    <div className="foyer-screen">
      <ScreenHeader
        title={<ScreenTitle>{m.receiveTitle}</ScreenTitle>}
        onBack={router.back}
        backLabel={m.back}
      />
      <p className="foyer-text">{formatMessage(m.receiveDetail, { amount: request.amount, symbol })}</p>
      <div className="foyer-center">
        <QrCode value={request.address} label={m.qrLabel} size={FUNDING_QR_SIZE_PX} ecc={FUNDING_QR_ECC} />
      </div>
      <p className="foyer-text" data-testid="funding-address">
        <Address address={request.address} />
      </p>
      <CopyButton
        text={request.address}
        label={m.copyAddress}
        copiedLabel={m.copied}
        feedbackMs={COPY_FEEDBACK_MS}
      />
      <p className="foyer-warning">{formatMessage(m.sendOnNetwork, { network })}</p>
      {balance === null ? null : (
        <p className="foyer-row" data-testid="funding-balance" data-reached={reached || undefined}>
          <span>{m.balance}</span>
          <span className={reached ? 'foyer-status-ok' : undefined}>
            {balance
              ? `${request.chainType === 'solana' && request.asset === 'native' ? formatLamports(balance.value) : formatUnits(balance.value, balance.decimals, 6)} ${symbol}`
              : '…'}
          </span>
        </p>
      )}
      {reached ? (
        <p className="foyer-status-ok" role="status">
          {m.received}
        </p>
      ) : null}
      {reached ? (
        <Button block onClick={close}>
          {m.done}
        </Button>
      ) : null}
    </div>
  )
}
