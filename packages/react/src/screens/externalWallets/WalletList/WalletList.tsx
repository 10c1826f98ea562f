import { getWalletConnectionHistory, type WalletConnection } from '@foyer/core/external-wallets'
import { useEffect, useMemo, useState } from 'react'
import { useModal } from '../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../modal/screenParams'
import { Chip } from '../../../ui/Chip'
import { walletChains } from '../../login/Landing/walletChains'
import { coinbaseWalletOf } from '../coinbase/coinbaseWalletOf'
import { PhantomLinkOption } from '../phantom/PhantomLinkOption'
import { offersPhantomLink } from '../phantom/phantomOnPhone'
import { walletConnectWalletOf } from '../walletConnect/walletConnectWalletOf'
import { applyWalletList } from './applyWalletList'
import { useDiscoveredWallets } from './useDiscoveredWallets'
import { useWalletIcons } from './useWalletIcons'
import { WalletInstallLinks } from './WalletInstallLinks'

/**
 * Wallet list (docs/modal.md, docs/limits.md): the browser's wallets — EIP-6963 and `window.ethereum` for
 * Ethereum when the app has `wallet_auth`, the wallet standard for Solana when it has `solana_wallet_auth`
 * (both in the connect-only variant), narrowed by `appearance.walletChainType` — detected unknown ones first,
 * then known ones, Coinbase Wallet through its SDK's popup when no extension of it was detected (unless
 * `coinbaseWallet: false`, docs/external-wallets.md), WalletConnect and Safe last (WalletConnect when the app
 * config has `wallet_connect_cloud_project_id`, docs/walletconnect.md), or filtered and ordered by
 * `appearance.walletList`. Each
 * row shows logo (the host's `appearance.walletIcons`, the wallet's own, or the directory's) and name, a 'Solana' chip for Solana wallets, 'Recent' on the last one used (connection
 * history), and 'Connect' while hovered or focused. Choosing one opens the awaiting-connection screen.
 */
export function WalletList({ params }: ScreenProps<'walletList'>) {
  const { client, state, router, messages, config } = useModal()
  const m = messages.externalWallets
  const connectOnly = params.mode === 'connect'
  const chainType = config?.appearance?.walletChainType
  const chains = walletChains(state.appConfig, chainType)
  const ethereum = connectOnly ? chainType !== 'solana-only' : chains.ethereum
  const solana = connectOnly ? chainType !== 'ethereum-only' : chains.solana
  const discovery = useDiscoveredWallets({ ethereum, solana })
  const { searched } = discovery
  // WalletConnect (docs/walletconnect.md) goes last, when the app has a project id and Ethereum wallets.
  const projectId = state.appConfig?.wallet_connect_cloud_project_id
  const relayUrl = config?.walletConnect?.relayUrl
  const chainConfig = config?.chains
  const walletList = config?.appearance?.walletList
  const coinbaseSettings = config?.coinbaseWallet
  const wallets = useMemo(() => {
    // Coinbase Wallet (docs/external-wallets.md) through its SDK's popup, unless its extension was detected.
    const detectedCoinbase = discovery.wallets.some((wallet) => wallet.walletClientType === 'coinbase_wallet')
    const coinbase =
      ethereum && discovery.searched && !detectedCoinbase
        ? coinbaseWalletOf(coinbaseSettings, chainConfig)
        : undefined
    const walletConnect = ethereum ? walletConnectWalletOf(projectId, relayUrl, chainConfig) : undefined
    const offered = [...(coinbase ? [coinbase] : []), ...(walletConnect ? [walletConnect] : [])]
    if (offered.length === 0) return discovery.wallets
    const all = [...discovery.wallets, ...offered]
    return walletList ? applyWalletList(all, walletList) : all
  }, [
    discovery.wallets,
    discovery.searched,
    ethereum,
    projectId,
    relayUrl,
    chainConfig,
    walletList,
    coinbaseSettings,
  ])
  const iconOf = useWalletIcons(wallets)
  const [recent, setRecent] = useState<WalletConnection | undefined>(undefined)
  const [active, setActive] = useState<string | undefined>(undefined)

  useEffect(() => {
    let live = true
    getWalletConnectionHistory(client).then(
      (history) => {
        if (live) setRecent(history[0])
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [client])

  const recentId = recent
    ? wallets.find(
        (wallet) =>
          wallet.walletClientType === recent.walletClientType &&
          wallet.connectorType === recent.connectorType,
      )?.id
    : undefined
  // docs/external-wallets.md "Phantom on a phone": Phantom through its universal links.
  const phantomLink = offersPhantomLink({
    signingIn: params.mode === 'login',
    solana,
    searched,
    walletClientTypes: wallets.map((wallet) => wallet.walletClientType),
  })
  const title =
    params.mode === 'link' ? m.linkTitle : params.mode === 'connect' ? m.connectTitle : m.listTitle

  return (
    <div className="foyer-screen">
      <ModalScreenHeader title={title} onBack={params.mode === 'login' ? () => router.back() : undefined} />
      {phantomLink ? <PhantomLinkOption /> : null}
      {wallets.length === 0 ? (
        <>
          <p className="foyer-text" role="status">
            {searched ? m.noWallets : m.searching}
          </p>
          {searched ? <WalletInstallLinks ethereum={ethereum} solana={solana} /> : null}
        </>
      ) : (
        <ul className="foyer-list" aria-label={m.listLabel}>
          {wallets.map((wallet) => {
            const icon = iconOf(wallet)
            const showConnect = active === wallet.id
            return (
              <li key={wallet.id}>
                <button
                  type="button"
                  className="foyer-option"
                  style={{ flexDirection: 'row', alignItems: 'center', gap: 10 }}
                  data-wallet-id={wallet.id}
                  onClick={() => router.push('awaitingWallet', { wallet, flow: params })}
                  onMouseEnter={() => setActive(wallet.id)}
                  onMouseLeave={() => setActive((current) => (current === wallet.id ? undefined : current))}
                  onFocus={() => setActive(wallet.id)}
                  onBlur={() => setActive((current) => (current === wallet.id ? undefined : current))}
                >
                  {icon ? <img src={icon} alt="" width={28} height={28} style={{ borderRadius: 6 }} /> : null}
                  <span style={{ flex: 1 }}>{wallet.name}</span>
                  {wallet.id === recentId ? <Chip>{m.recent}</Chip> : null}
                  {wallet.chainType === 'solana' ? <Chip>{m.solana}</Chip> : null}
                  {showConnect ? <Chip aria-hidden="true">{m.connect}</Chip> : null}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
