import type { SolanaInstructionSummary } from '@foyer/core/wallet'
import { formatLamports } from '@foyer/core/wallet'
import type { Messages } from '../../../i18n/en'
import { useModal } from '../../../modal/ModalContext'
import { DetailRows } from '../../../ui/DetailRows'

/** One instruction of the Solana pager: Amount, To, From (transfer), Spender (approve) or 'Unsupported Program ID'. */
export function SolanaInstruction({
  instruction,
  messages,
}: {
  instruction: SolanaInstructionSummary
  messages: Messages
}) {
  const m = messages.transaction
  const s = messages.solana
  const { format } = useModal()
  switch (instruction.action) {
    case 'transfer':
      return (
        <DetailRows
          rows={[
            [s.action, s.transfer],
            [m.amount, `${format.decimal(formatLamports(instruction.amount))} SOL`],
            [m.to, instruction.to, 'address'],
            [m.from, instruction.from, 'address'],
          ]}
        />
      )
    case 'approve':
      return (
        <DetailRows
          rows={[
            [s.action, s.approve],
            [m.amount, format.number(instruction.amount)],
            [s.spender, instruction.spender, 'address'],
            [m.from, instruction.owner, 'address'],
          ]}
        />
      )
    default:
      return (
        <DetailRows
          rows={[
            [s.action, s.unsupported],
            [s.program, instruction.programId, true],
          ]}
        />
      )
  }
}
