import type { ExternalWallet } from '@foyer/core/external-wallets'
import { useMemo } from 'react'
import { useModal } from '../../../../modal/ModalContext'
import { applyWalletList } from '../../../externalWallets/WalletList/applyWalletList'
import { useDiscoveredWallets } from '../../../externalWallets/WalletList/useDiscoveredWallets'
import { walletConnectWalletOf } from '../../../externalWallets/walletConnect/walletConnectWalletOf'

/**
 * The wallets that can pay a funding request (docs/modal.md "Funding"): the browser's wallets of the chain
 * types asked for, then WalletConnect (docs/walletconnect.md) last when Ethereum wallets can pay and the app
 * has a `wallet_connect_cloud_project_id` (the host's `appearance.walletList` applies to both). `searched` as
 * {@link useDiscoveredWallets}.
 */
export function useTransferWallets(chainTypes: { ethereum: boolean; solana: boolean }): {
  wallets: readonly ExternalWallet[]
  searched: boolean
} {
  const { state, config } = useModal()
  const discovery = useDiscoveredWallets(chainTypes)
  const projectId = state.appConfig?.wallet_connect_cloud_project_id
  const relayUrl = config?.walletConnect?.relayUrl
  const chains = config?.chains
  const walletList = config?.appearance?.walletList
  const { ethereum } = chainTypes
  const wallets = useMemo(() => {
    const walletConnect = ethereum ? walletConnectWalletOf(projectId, relayUrl, chains) : undefined
    if (!walletConnect) return discovery.wallets
    return [...discovery.wallets, ...applyWalletList([walletConnect], walletList)]
  }, [discovery.wallets, ethereum, projectId, relayUrl, chains, walletList])
  return { wallets, searched: discovery.searched }
}
