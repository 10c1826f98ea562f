import type { ExternalWallet, WalletConnectWallet } from '@foyer/core/external-wallets'
import { useEffect, useState } from 'react'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { CopyButton } from '../../../ui/CopyButton'
import { QrCode } from '../../../ui/QrCode'
import { WalletConnectAppLinks } from './WalletConnectAppLinks'

/**
 * The pairing link of a WalletConnect wallet (docs/walletconnect.md) while it connects: undefined for other
 * wallets and until the provider makes one (its `display_uri` event).
 */
export function useWalletConnectPairingUri(wallet: ExternalWallet | undefined): string | undefined {
  const isMounted = useIsMounted()
  const [pairingUri, setPairingUri] = useState<string | undefined>(undefined)
  useEffect(() => {
    setPairingUri(undefined)
    if (!wallet || !('onDisplayUri' in wallet) || typeof wallet.onDisplayUri !== 'function') return
    return (wallet as WalletConnectWallet).onDisplayUri((uri) => {
      if (isMounted()) setPairingUri(uri)
    })
  }, [wallet, isMounted])
  return pairingUri
}

/**
 * The pairing of a WalletConnect wallet (docs/walletconnect.md): 'Scan this code with your phone's wallet app,
 * or open the link in it.', the QR code of `pairingUri` (error correction Q, 160 px), the phone's wallet app
 * links, and 'Copy link'.
 */
export function WalletConnectPairing({
  wallet,
  pairingUri,
}: {
  wallet: WalletConnectWallet
  pairingUri: string
}) {
  const { messages } = useModal()
  const m = messages.externalWallets
  return (
    <>
      <p className="foyer-text">{m.walletConnectScan}</p>
      <QrCode value={pairingUri} label={m.walletConnectQrLabel} size={160} ecc="Q" />
      <WalletConnectAppLinks wallet={wallet} pairingUri={pairingUri} />
      <CopyButton
        text={pairingUri}
        label={m.copyLink}
        copiedLabel={m.copied}
        feedbackMs={1500}
        variant="secondary"
      />
    </>
  )
}
