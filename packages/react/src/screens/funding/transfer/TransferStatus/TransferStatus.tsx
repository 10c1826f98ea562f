import {
  type ExternalTransferStatus,
  fundingAssetSymbol,
  transferFromExternalWallet,
} from '@foyer/core/funding'
import { formatMessage } from '../../../../i18n/formatMessage'
import { useModal } from '../../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../../modal/screenParams'
import { FundedNotice, TransferProgress } from '../shared/TransferProgress'
import { useFundingTransfer } from '../shared/useFundingTransfer'

/**
 * The transfer from an external wallet on the same chain (docs/modal.md "External wallet funding"):
 * preparing, switching chain (when the wallet is on another one), sending (the user confirms in the wallet),
 * waiting for the receipt, then 'You've funded your account!' and the modal closes by itself. A failure shows
 * its message with 'Try again'.
 */
export function TransferStatus({ params }: ScreenProps<'fundingTransferStatus'>) {
  const { router, messages, config } = useModal()
  const m = messages.fundingTransfer
  const { request, wallet, from, settle } = params
  const state = useFundingTransfer<'preparing' | ExternalTransferStatus>(
    'preparing',
    async (onStatus) => {
      await transferFromExternalWallet({
        request,
        wallet,
        from,
        tokenAddresses: config?.funding?.tokenAddresses,
        onStatus,
      })
    },
    settle,
  )
  const symbol = fundingAssetSymbol(request).symbol
  const network = request.chain?.name ?? request.cluster?.name ?? ''
  const values = { wallet: wallet.name, network, amount: request.amount, symbol }
  if (state.phase === 'success') return <FundedNotice values={values} />
  const text: Record<'preparing' | ExternalTransferStatus, string> = {
    preparing: m.preparing,
    'switching-chain': formatMessage(m.switchingChain, values),
    sending: formatMessage(m.sending, values),
    'waiting-for-receipt': m.waitingForReceipt,
  }
  return (
    <div className="foyer-screen">
      <ModalScreenHeader
        title={formatMessage(m.statusTitle, values)}
        onBack={state.phase === 'error' ? () => router.back() : undefined}
      />
      <TransferProgress state={state} statusText={state.phase === 'error' ? '' : text[state.phase]} />
    </div>
  )
}
