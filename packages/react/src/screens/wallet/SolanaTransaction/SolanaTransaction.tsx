import { formatLamports, formatUnits } from '@foyer/core/wallet'
import { useEffect, useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { DetailRows } from '../../../ui/DetailRows'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { addFundsRoute } from '../../funding/addFundsRoute'
import { SolanaInstruction } from './SolanaInstruction'

/**
 * Solana summary and confirm (docs/modal.md "Solana summary", "Send-Solana-transaction confirm"): title
 * ('Approve transaction'), description, Total, Fees and balance in SOL (6 decimals, '<0.001' below), a
 * per-instruction pager ('k of n instructions', none for a single instruction) with Amount, To, From; 'Solana wallet has insufficient
 * funds for this transaction.' when short; Approve signs (and sends), then success.
 */
export function SolanaTransaction({ params }: ScreenProps<'solanaTransaction'>) {
  const { client, messages, format, appName, router, close } = useModal()
  const s = messages.solana
  const m = messages.transaction
  const { prompt, settle } = params
  const { summary, uiOptions } = prompt
  const [page, setPage] = useState(0)
  const [balance, setBalance] = useState<bigint | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const isMounted = useIsMounted()
  const count = summary.instructions.length
  const instruction = summary.instructions[page]
  const short = balance !== undefined && balance < summary.total
  // 'Add funds' replaces Approve when the balance is short and the app offers funding (docs/modal.md).
  const fundRoute =
    short && balance !== undefined
      ? addFundsRoute(client, {
          address: prompt.wallet.address,
          cluster: { name: prompt.cluster.name },
          amount: formatUnits(summary.total - balance, 9, 9),
        })
      : null

  useEffect(() => {
    let cancelled = false
    prompt.balance().then(
      (value) => !cancelled && setBalance(value),
      () => {},
    )
    return () => {
      cancelled = true
    }
  }, [prompt])

  const approve = async () => {
    setBusy(true)
    setError(undefined)
    try {
      const result = await prompt.execute()
      settle.resolve(result)
      if (isMounted())
        router.replace('transactionSuccess', { chainType: 'solana', prompt, signature: result })
    } catch (caught) {
      if (!isMounted()) return
      setBusy(false)
      setError(toErrorInfo(caught).message ?? messages.recovery.genericError)
    }
  }

  return (
    <div className="foyer-screen">
      <ScreenHeader title={<ScreenTitle>{uiOptions?.title || s.title}</ScreenTitle>} />
      <p className="foyer-text">{uiOptions?.description || formatMessage(s.description, { app: appName })}</p>
      <div className="foyer-card">
        <DetailRows
          rows={[
            [m.total, `${format.decimal(formatLamports(summary.total))} SOL`],
            [s.fees, `${format.decimal(formatLamports(summary.fee))} SOL`],
            [m.balance, balance === undefined ? '…' : `${format.decimal(formatLamports(balance))} SOL`],
            [m.network, prompt.cluster.name],
          ]}
        />
      </div>
      {instruction && count === 1 ? (
        // A single instruction needs no pager (no '1 of 1 instructions').
        <div className="foyer-card foyer-field">
          <SolanaInstruction instruction={instruction} messages={messages} />
        </div>
      ) : instruction ? (
        <section
          className="foyer-card foyer-field"
          aria-label={formatMessage(s.instructions, { k: page + 1, n: count })}
        >
          <div className="foyer-row">
            <Button
              variant="link"
              aria-label={s.previousInstruction}
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              ‹
            </Button>
            <span>{formatMessage(s.instructions, { k: page + 1, n: count })}</span>
            <Button
              variant="link"
              aria-label={s.nextInstruction}
              disabled={page >= count - 1}
              onClick={() => setPage(page + 1)}
            >
              ›
            </Button>
          </div>
          <SolanaInstruction instruction={instruction} messages={messages} />
        </section>
      ) : null}
      {short ? (
        <p className="foyer-error-text" role="alert">
          {s.insufficientFunds}
        </p>
      ) : null}
      {error ? (
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div className="foyer-actions">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            settle.reject()
            close()
          }}
        >
          {messages.wallet.cancel}
        </Button>
        {fundRoute ? (
          <Button onClick={() => router.push(fundRoute.id, fundRoute.params as never)}>
            {messages.transaction.addFunds}
          </Button>
        ) : (
          <Button busy={busy} disabled={short} onClick={approve}>
            {uiOptions?.buttonText || messages.wallet.approve}
          </Button>
        )}
      </div>
    </div>
  )
}
