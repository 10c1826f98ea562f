import {
  isMobileUserAgent,
  lookupWallet,
  type WalletConnectWallet,
  type WalletDirectoryEntry,
  walletConnectDeepLink,
} from '@foyer/core/external-wallets'
import { useMemo } from 'react'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { useWalletIcons } from '../WalletList/useWalletIcons'

/** The phone wallets offered when the host's `walletList` names none with a mobile link, most used first. */
export const DEFAULT_WALLET_APPS: readonly string[] = [
  'metamask',
  'rainbow',
  'trust',
  'uniswap',
  'zerion',
  'okx_wallet',
]

/** At most this many wallet apps are offered. */
const MAX_WALLET_APPS = 6

/** Whether this page runs on a phone or a tablet. */
export function onMobileDevice(): boolean {
  return (
    typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent, navigator.maxTouchPoints ?? 0)
  )
}

/**
 * The wallet apps to offer for a WalletConnect pairing: the directory wallets the host's `walletList` names
 * that have a mobile link, in its order, else {@link DEFAULT_WALLET_APPS}; at most 6.
 */
export function walletAppsFor(walletList: readonly string[] | undefined): WalletDirectoryEntry[] {
  const withLink = (types: readonly string[]) =>
    types
      .map((walletClientType) => lookupWallet({ walletClientType }))
      .filter(
        (entry): entry is WalletDirectoryEntry =>
          entry !== undefined && walletConnectDeepLink(entry, '') !== undefined,
      )
  const named = withLink(walletList ?? [])
  return (named.length > 0 ? named : withLink(DEFAULT_WALLET_APPS)).slice(0, MAX_WALLET_APPS)
}

/**
 * On a phone, the WalletConnect pairing as links into wallet apps (docs/walletconnect.md "Mobile links"):
 * 'Open in {wallet}' for each of {@link walletAppsFor}, each the wallet's universal link (or its own scheme)
 * with the pairing URI. Opening one remembers the wallet, so that later signing requests bring it to the front.
 * Renders nothing on other devices, where the QR code is the way.
 */
export function WalletConnectAppLinks({
  wallet,
  pairingUri,
}: {
  wallet: WalletConnectWallet
  pairingUri: string
}) {
  const { messages, config } = useModal()
  const m = messages.externalWallets
  const apps = useMemo(() => walletAppsFor(config?.appearance?.walletList), [config?.appearance?.walletList])
  const iconOf = useWalletIcons(apps)
  if (!onMobileDevice() || apps.length === 0) return null
  return (
    <ul className="foyer-list" aria-label={m.walletAppsLabel}>
      {apps.map((entry) => {
        const icon = iconOf(entry)
        return (
          <li key={entry.walletClientType}>
            <a
              className="foyer-option"
              href={walletConnectDeepLink(entry, pairingUri)}
              rel="noopener noreferrer"
              style={{ flexDirection: 'row', alignItems: 'center', gap: 10, textDecoration: 'none' }}
              onClick={() => wallet.setWalletApp(entry)}
            >
              {icon ? <img src={icon} alt="" width={28} height={28} style={{ borderRadius: 6 }} /> : null}
              <span>{formatMessage(m.openInWallet, { wallet: entry.name })}</span>
            </a>
          </li>
        )
      })}
    </ul>
  )
}
