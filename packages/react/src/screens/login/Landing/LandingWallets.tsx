import { type ExternalWallet, watchExternalWallets } from '@foyer/core/external-wallets'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useModal } from '../../../modal/ModalContext'
import { sanitizeImageUrl } from '../../../theme/sanitizeImageUrl'
import { Button } from '../../../ui/Button'
import { Chip } from '../../../ui/Chip'
import { applyWalletList } from '../../externalWallets/WalletList/applyWalletList'
import { walletChains } from './walletChains'

/** Props of {@link LandingWallets}. */
export type LandingWalletsProps = {
  /** The most entries to use, 'Other wallets' included. */
  slots: number
  /** What shows while no wallet is detected ('Continue with a wallet'). */
  fallback: ReactNode
}

/**
 * The web3-first landing's wallet entries (docs/modal.md "Alternative landing"): the browser's wallets of the
 * chains the app has on (narrowed by `appearance.walletChainType`), in wallet-list order (or
 * `appearance.walletList`'s), one secondary button each (icon, name, 'Solana' chip) that opens the
 * awaiting-connection screen. When there are more than `slots`, the first `slots - 1` and 'Other wallets',
 * which opens the wallet list; `fallback` while none is detected. Loaded lazily with the wallet discovery
 * code (bundle budget); when the fallback had focus, the first wallet takes it.
 */
export function LandingWallets({ slots, fallback }: LandingWalletsProps) {
  const { state, config, router, messages } = useModal()
  const { ethereum, solana } = walletChains(state.appConfig, config?.appearance?.walletChainType)
  const [discovered, setDiscovered] = useState<readonly ExternalWallet[]>([])
  const rowsRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const watcher = watchExternalWallets({ ethereum, solana })
    setDiscovered(watcher.getWallets())
    const off = watcher.subscribe(() => setDiscovered(watcher.getWallets()))
    return () => {
      off()
      watcher.destroy()
    }
  }, [ethereum, solana])

  const wallets = applyWalletList(discovered, config?.appearance?.walletList)
  const found = wallets.length > 0
  // The rows replace the fallback button; when it had focus, focus lands on the first row.
  useEffect(() => {
    if (found && (document.activeElement === document.body || document.activeElement === null))
      rowsRef.current?.querySelector('button')?.focus()
  }, [found])

  if (wallets.length === 0) return fallback
  const shown = wallets.length <= slots ? wallets : wallets.slice(0, slots - 1)
  return (
    <div ref={rowsRef} style={{ display: 'contents' }}>
      {shown.map((wallet) => {
        const icon = sanitizeImageUrl(wallet.icon)
        return (
          <Button
            key={wallet.id}
            variant="secondary"
            block
            onClick={() => router.push('awaitingWallet', { wallet, flow: { mode: 'login' } })}
          >
            {icon ? <img src={icon} alt="" width={20} height={20} style={{ borderRadius: 4 }} /> : null}
            {wallet.name}
            {wallet.chainType === 'solana' ? <Chip>{messages.externalWallets.solana}</Chip> : null}
          </Button>
        )
      })}
      {wallets.length > slots ? (
        <Button variant="secondary" block onClick={() => router.push('walletList', { mode: 'login' })}>
          {messages.landingLayout.otherWallets}
        </Button>
      ) : null}
    </div>
  )
}
