import type { SolanaInstructionSummary } from '@foyer/core/wallet'
import { formatLamports, formatUnits } from '@foyer/core/wallet'
import type { Messages } from '../../../i18n/Messages'
import { useModal } from '../../../modal/ModalContext'
import { DetailRows } from '../../../ui/DetailRows'

/** An SPL token allowance of 2^64 − 1 base units: unlimited, shown as 'Maximum'. */
const UNLIMITED_TOKEN_AMOUNT = 2n ** 64n - 1n

/**
 * One instruction of the Solana pager (docs/solana-transactions.md): Amount, To, From (transfer); Amount
 * ('Maximum' for an unlimited allowance, token units when the instruction gives the decimals), Spender,
 * From (approve); 'Unsupported Program ID' and the program for a refused program, 'Program instruction' for
 * one the host opted in to.
 */
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
            [
              m.amount,
              instruction.amount === UNLIMITED_TOKEN_AMOUNT
                ? s.maximum
                : instruction.decimals === undefined
                  ? format.number(instruction.amount)
                  : format.decimal(
                      formatUnits(instruction.amount, instruction.decimals, instruction.decimals),
                    ),
            ],
            [s.spender, instruction.spender, 'address'],
            [m.from, instruction.owner, 'address'],
          ]}
        />
      )
    default:
      return (
        <DetailRows
          rows={[
            [s.action, instruction.allowed ? s.programInstruction : s.unsupported],
            [s.program, instruction.programId, 'address'],
          ]}
        />
      )
  }
}
