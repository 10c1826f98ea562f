import type { WalletPrompt } from '@foyer/core'
import { formatLamports } from '@foyer/core/wallet'
import { useModal } from '../../modal/ModalContext'
import { type DetailRow, DetailRows } from '../../ui/DetailRows'
import { formatNative } from '../wallet/SendTransaction/formatNative'

/**
 * The transaction an MFA verification is for (docs/modal.md "Verification"): 'Transaction to approve' with its
 * To, Amount and Network, or a Solana transaction's Total and cluster; nothing for another prompt.
 */
export function PendingTransaction({ prompt }: { prompt: WalletPrompt | undefined }) {
  const { messages, format } = useModal()
  const t = messages.transaction
  let rows: DetailRow[] | undefined
  if (prompt?.kind === 'sendTransaction') {
    const { request, chain } = prompt
    rows = [
      [t.to, request.to ?? undefined, 'address'],
      [t.amount, formatNative(request.value ? BigInt(request.value) : 0n, chain, format)],
      [t.network, chain.name],
    ]
  } else if (prompt?.kind === 'sendSolanaTransaction') {
    rows = [
      [t.total, `${format.decimal(formatLamports(prompt.summary.total))} SOL`],
      [t.network, prompt.cluster.name],
    ]
  }
  if (!rows) return null
  return (
    <section aria-label={messages.mfa.pendingTransaction}>
      <DetailRows rows={rows} />
    </section>
  )
}
