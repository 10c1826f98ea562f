import {
  CONNECTOR_INITIALIZATION_TIMEOUT_MS,
  type ExternalWallet,
  watchExternalWallets,
} from '@foyer/core/external-wallets'
import { useEffect, useMemo, useState } from 'react'
import { useModal } from '../../../modal/ModalContext'
import { applyWalletList } from './applyWalletList'

/**
 * The browser wallets found by discovery (EIP-6963 for Ethereum, the wallet standard for Solana), of the chain
 * types asked for, ordered and filtered by the host's `appearance.walletList`; `searched` turns true after
 * the connectors' initialisation time-out (1,500 ms, docs/external-wallets.md): wallets whose extension
 * injects late still appear; only then may an empty list say that none was found. Used by the wallet list and 'Transfer from wallet'.
 */
export function useDiscoveredWallets(chainTypes: { ethereum: boolean; solana: boolean }): {
  wallets: readonly ExternalWallet[]
  searched: boolean
} {
  const { config } = useModal()
  const { ethereum, solana } = chainTypes
  const [discovered, setDiscovered] = useState<readonly ExternalWallet[]>([])
  const [searched, setSearched] = useState(false)
  const walletList = config?.appearance?.walletList
  const wallets = useMemo(() => applyWalletList(discovered, walletList), [discovered, walletList])

  useEffect(() => {
    const watcher = watchExternalWallets({ ethereum, solana })
    setDiscovered(watcher.getWallets())
    const off = watcher.subscribe(() => setDiscovered(watcher.getWallets()))
    const timer = setTimeout(() => setSearched(true), CONNECTOR_INITIALIZATION_TIMEOUT_MS)
    return () => {
      clearTimeout(timer)
      off()
      watcher.destroy()
    }
  }, [ethereum, solana])

  return { wallets, searched }
}
