import type { SendTransactionPrompt, TransactionPreview } from '@foyer/core/wallet'
import type { Messages } from '../../../i18n/Messages'
import { useModal } from '../../../modal/ModalContext'
import { Collapsible } from '../../../ui/Collapsible'
import { type DetailRow, DetailRows } from '../../../ui/DetailRows'
import { formatNative } from './formatNative'

/**
 * The transaction summary's expandable 'Details' (docs/confirmation-screen.md): From, To, Action (the
 * decoded function's name, e.g. 'approve'), the decoded call's rows (operator, approval flag, token ids,
 * amounts, transferring from/to), 'Est. Fees' ('Sponsored' when sponsored), the L1 data fee on OP-stack
 * chains and 'Total (including fees)'; the call data, gas limit, max fee per gas and nonce only behind a
 * further 'Advanced' toggle.
 */
export function TransactionDetails({
  prompt,
  preview,
  messages,
  decoded = [],
}: {
  prompt: SendTransactionPrompt
  preview: TransactionPreview | undefined
  messages: Messages
  /** The decoded call's rows (`decodedRows`). */
  decoded?: readonly DetailRow[]
}) {
  const m = messages.transaction
  const { format } = useModal()
  const { request, chain } = prompt
  const info = prompt.uiOptions?.transactionInfo
  const data = request.data && request.data !== '0x' ? request.data : undefined
  const fees = preview
    ? preview.sponsored
      ? m.sponsored
      : formatNative(preview.fee, chain, format)
    : undefined
  const advanced: DetailRow[] = [
    [m.data, data ? shorten(data) : undefined, true],
    [m.gasLimit, preview ? format.number(preview.gas) : undefined],
    [m.feePerGas, preview && !preview.sponsored ? formatNative(preview.feePerGas, chain, format) : undefined],
    [m.nonce, request.nonce === undefined ? undefined : BigInt(request.nonce).toString()],
  ]
  return (
    <Collapsible label={m.details}>
      <DetailRows
        rows={[
          [m.from, prompt.wallet.address, 'address'],
          [m.to, request.to, 'address'],
          [m.action, info?.action ?? preview?.action?.functionName ?? (data ? m.contractCall : m.transfer)],
          ...decoded,
          [messages.polish.estFees, fees],
          [
            m.l1Fee,
            preview && !preview.sponsored && preview.l1Fee > 0n
              ? formatNative(preview.l1Fee, chain, format)
              : undefined,
          ],
          [m.totalWithFees, preview ? formatNative(preview.total, chain, format) : undefined],
        ]}
      />
      {advanced.some((row) => row[1] !== undefined) ? (
        <Collapsible label={messages.polish.advanced}>
          <DetailRows rows={advanced} />
        </Collapsible>
      ) : null}
    </Collapsible>
  )
}

function shorten(hex: string): string {
  return hex.length > 74 ? `${hex.slice(0, 66)}…${hex.slice(-8)}` : hex
}
