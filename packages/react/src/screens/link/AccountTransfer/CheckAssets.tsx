import { useModal } from '../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../modal/screenParams'
import { Address } from '../../../ui/Address'
import { CopyButton } from '../../../ui/CopyButton'
import { TransferButtons } from './TransferButtons'
import { useAccountTransfer } from './useAccountTransfer'

/** How long 'Copied' shows after copying the address, in ms (docs/modal.md: 1.5 s). */
const COPIED_FEEDBACK_MS = 1500

/**
 * 'Check assets before transferring' (docs/account-transfer.md#the-modal), reached only when a server disclosed the other account's
 * embedded wallet address in the transfer data. Foyer's server never discloses it: the wallet stays with the
 * other account and is never deleted by a transfer (docs/account-transfer.md). The screen warns that the
 * other account's assets do not move; the user can log into that account first, or copy the wallet address
 * and look it up on a block explorer. Shows the address with a copy button, then 'Transfer account'
 * (becomes 'Success!') and 'No thanks'.
 */
export function CheckAssets({ params }: ScreenProps<'accountTransferAssets'>) {
  const { router, messages } = useModal()
  const m = messages.accountTransfer
  const state = useAccountTransfer(params)
  const address = params.transfer.embeddedWalletAddress ?? ''
  return (
    <div className="foyer-screen">
      <ModalScreenHeader title={m.assetsTitle} onBack={router.back} />
      <p className="foyer-text">{m.assetsBody}</p>
      <p className="foyer-text">
        {m.walletAddress}: <Address address={address} />
      </p>
      <CopyButton
        text={address}
        label={m.copy}
        copiedLabel={m.copied}
        feedbackMs={COPIED_FEEDBACK_MS}
        ariaLabel={m.copyAddress}
      />
      <TransferButtons state={state} />
    </div>
  )
}
