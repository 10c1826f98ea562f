import { useModal } from '../../../modal/ModalContext'
import { Chip } from '../../../ui/Chip'

/**
 * Phantom's row in the wallet list on a phone without Phantom (docs/external-wallets.md "Phantom on a
 * phone"): opens the interstitial.
 */
export function PhantomLinkOption() {
  const { router, messages } = useModal()
  return (
    <button
      type="button"
      className="foyer-option"
      style={{ flexDirection: 'row', alignItems: 'center', gap: 10 }}
      data-wallet-id="phantom:universal-link"
      onClick={() => router.push('phantomInterstitial', undefined)}
    >
      <span style={{ flex: 1 }}>Phantom</span>
      <Chip>{messages.externalWallets.solana}</Chip>
    </button>
  )
}
