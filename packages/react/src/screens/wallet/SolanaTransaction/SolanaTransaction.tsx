import { formatLamports, formatUnits } from '@foyer/core/wallet'
import { useEffect, useState } from 'react'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import type { ScreenProps } from '../../../modal/screenParams'
import { Alert } from '../../../ui/Alert'
import { Button } from '../../../ui/Button'
import { addFundsRoute } from '../../funding/addFundsRoute'
import { useApproval } from '../approval/useApproval'
import { ConfirmTransaction } from '../ConfirmTransaction/ConfirmTransaction'
import { SolanaInstruction } from './SolanaInstruction'

/**
 * The Solana adapter of the transaction confirmation (`ConfirmTransaction`): Solana summary and confirm
 * (docs/modal.md "Solana summary", docs/solana-transactions.md): title ('Approve transaction', 'Confirm
 * address' when every instruction approves a spender's address), description, Total, Fees (the cluster's
 * fee; 'Priority fee' beside it when the compute-budget instructions set one) and balance in SOL (6 decimals,
 * '<0.001' below), a per-instruction pager ('k of n instructions', none for a single instruction) with
 * Amount, To, From; 'Solana wallet has insufficient funds for this transaction.' when short. An instruction
 * of an unsupported program shows 'Unsupported Program ID' and keeps Approve disabled (Cancel rejects the
 * request with `unsupported_solana_program`). Approve signs (and sends), then success.
 */
export function SolanaTransaction({ params }: ScreenProps<'solanaTransaction'>) {
  const { client, messages, format, appName, router } = useModal()
  const s = messages.solana
  const m = messages.transaction
  const { prompt, settle } = params
  const { summary, uiOptions } = prompt
  const [page, setPage] = useState(0)
  const [balance, setBalance] = useState<bigint | undefined>(undefined)
  const approval = useApproval(messages.recovery.genericError, prompt)
  const count = summary.instructions.length
  const instruction = summary.instructions[page]
  const short = balance !== undefined && balance < summary.total
  const refused = summary.unsupportedPrograms.length > 0
  const approvesAddress =
    count > 0 && summary.instructions.every((candidate) => candidate.action === 'approve')
  // 'Add funds' replaces Approve when the balance is short and the app offers funding (docs/modal.md).
  const fundRoute =
    short && balance !== undefined && !refused
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

  const approve = () =>
    approval.approve(async () => {
      const result = await prompt.execute()
      // Dismissed meanwhile: nothing left to show. Otherwise on to success, even from an instance replaced
      // by one brought back after a flow in front of it (an MFA verification, a password recovery).
      const open = !settle.settled
      settle.resolve(result)
      if (open) router.replace('transactionSuccess', { chainType: 'solana', prompt, signature: result })
    })

  return (
    <ConfirmTransaction
      title={uiOptions?.title || (approvesAddress ? s.confirmAddressTitle : s.title)}
      description={uiOptions?.description || formatMessage(s.description, { app: appName })}
      rows={[
        [m.total, `${format.decimal(formatLamports(summary.total))} SOL`],
        [s.fees, `${format.decimal(formatLamports(summary.fee))} SOL`],
        ...(summary.priorityFee > 0n
          ? [[s.priorityFee, `${format.decimal(formatLamports(summary.priorityFee))} SOL`] as const]
          : []),
        [m.balance, balance === undefined ? '…' : `${format.decimal(formatLamports(balance))} SOL`],
        [m.network, prompt.cluster.name],
      ]}
      alerts={
        <>
          {refused ? <Alert>{s.unsupportedAlert}</Alert> : null}
          {short ? <Alert>{s.insufficientFunds}</Alert> : null}
          {approval.error ? <Alert>{approval.error}</Alert> : null}
        </>
      }
      settle={settle}
      busy={approval.busy}
      approveDisabled={short || refused}
      approveLabel={uiOptions?.buttonText || messages.wallet.approve}
      onApprove={approve}
      fundRoute={fundRoute}
    >
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
    </ConfirmTransaction>
  )
}
