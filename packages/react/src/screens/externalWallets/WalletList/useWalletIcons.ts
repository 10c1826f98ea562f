import { loadWalletIcon } from '@foyer/core/external-wallets'
import { useEffect, useMemo, useState } from 'react'
import { useModal } from '../../../modal/ModalContext'
import { sanitizeImageUrl } from '../../../theme/sanitizeImageUrl'

/**
 * The icon of each wallet, by wallet client type (docs/external-wallets.md "The directory"): the host's
 * `appearance.walletIcons` first, then the wallet's own (announced over EIP-6963 or the wallet standard), then
 * the directory's (its icons load on first use). Only safe image URLs (`https:`, `http:`, `data:image/…`).
 */
export function useWalletIcons(
  wallets: readonly { walletClientType: string; icon?: string | undefined }[],
): (wallet: { walletClientType: string; icon?: string | undefined }) => string | undefined {
  const { config } = useModal()
  const overrides = config?.appearance?.walletIcons
  const [directory, setDirectory] = useState<Readonly<Record<string, string>>>({})
  const missing = useMemo(
    () =>
      wallets
        .filter((wallet) => !overrides?.[wallet.walletClientType] && !sanitizeImageUrl(wallet.icon))
        .map((wallet) => wallet.walletClientType)
        .filter((type) => !(type in directory))
        .join(' '),
    [wallets, overrides, directory],
  )
  useEffect(() => {
    if (missing === '') return
    let live = true
    const types = missing.split(' ')
    Promise.all(types.map(async (type) => [type, (await loadWalletIcon(type)) ?? ''] as const)).then(
      (found) => {
        if (live) setDirectory((current) => ({ ...current, ...Object.fromEntries(found) }))
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [missing])
  return (wallet) =>
    sanitizeImageUrl(overrides?.[wallet.walletClientType]) ??
    sanitizeImageUrl(wallet.icon) ??
    sanitizeImageUrl(directory[wallet.walletClientType])
}
