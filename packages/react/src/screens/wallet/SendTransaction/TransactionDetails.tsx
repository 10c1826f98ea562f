import type { SendTransactionPrompt, TransactionPreview } from '@foyer/core/wallet'
import type { Messages } from '../../../i18n/en'
import { useModal } from '../../../modal/ModalContext'
import { Collapsible } from '../../../ui/Collapsible'
import { DetailRows } from '../../../ui/DetailRows'
import { formatNative } from './formatNative'

/** The expandable 'Details' of the confirmation (spec 02 §2): from, to, action, data, gas, fee per gas, nonce. */
export function TransactionDetails({
  prompt,
  preview,
  messages,
}: {
  prompt: SendTransactionPrompt
  preview: TransactionPreview | undefined
  messages: Messages
}) {
  const m = messages.transaction
  const { format } = useModal()
  const { request, chain } = prompt
  const info = prompt.uiOptions?.transactionInfo
  const data = request.data && request.data !== '0x' ? request.data : undefined
  return (
    <Collapsible label={m.details}>
      <DetailRows
        rows={[
          [m.from, prompt.wallet.address, true],
          [m.to, request.to, true],
          [m.action, info?.action ?? (data ? m.contractCall : m.transfer)],
          [m.data, data ? shorten(data) : undefined, true],
          [m.gasLimit, preview ? format.number(preview.gas) : undefined],
          [
            m.feePerGas,
            preview && !preview.sponsored ? formatNative(preview.feePerGas, chain, format) : undefined,
          ],
          [m.nonce, request.nonce === undefined ? undefined : BigInt(request.nonce).toString()],
          [m.totalWithFees, preview ? formatNative(preview.total, chain, format) : undefined],
        ]}
      />
    </Collapsible>
  )
}

function shorten(hex: string): string {
  return hex.length > 74 ? `${hex.slice(0, 66)}…${hex.slice(-8)}` : hex
}
