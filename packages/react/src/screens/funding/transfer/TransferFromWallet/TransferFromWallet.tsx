import {
  connectExternalWallet,
  type EthereumExternalWallet,
  type ExternalWallet,
  type WalletConnectWallet,
} from '@foyer/core/external-wallets'
import {
  bridgeDestinationCurrency,
  bridgeOptions,
  fundingAmountUnits,
  RELAY_SOLANA_CHAIN_ID,
  readBridgeOrigins,
  shouldBridge,
} from '@foyer/core/funding'
import { useState } from 'react'
import { errorOutcome } from '../../../../errors/errorOutcome'
import { toErrorInfo } from '../../../../errors/toErrorInfo'
import { formatMessage } from '../../../../i18n/formatMessage'
import { useModal } from '../../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../../modal/screenParams'
import { sanitizeImageUrl } from '../../../../theme/sanitizeImageUrl'
import { Alert } from '../../../../ui/Alert'
import { Button } from '../../../../ui/Button'
import { Chip } from '../../../../ui/Chip'
import { WalletInstallLinks } from '../../../externalWallets/WalletList/WalletInstallLinks'
import {
  useWalletConnectPairingUri,
  WalletConnectPairing,
} from '../../../externalWallets/walletConnect/WalletConnectPairing'
import { pushFundingScreen } from '../../returnToFundingMethods'
import { transferWalletChainTypes } from './transferWalletChainTypes'
import { useTransferWallets } from './useTransferWallets'
import { visibleWallets } from './visibleWallets'

/**
 * 'Transfer from wallet' (docs/modal.md "External wallets", "Funding"; docs/limits.md): the browser's wallets
 * for the chain of the wallet to fund (the app's `appearance.walletList` applies): Ethereum wallets for an
 * Ethereum wallet (and Solana ones, to bridge from Solana, when the app has cross-chain bridging), Solana
 * ones for a Solana wallet, and WalletConnect last (its QR code while it pairs, docs/walletconnect.md); 3 shown and 'More wallets' when
 * more than 4; 'Connect a wallet to deposit funds or send funds manually'. Choosing one connects it; the
 * transfer then goes on the same chain, or — when the app has cross-chain bridging and the wallet lacks the
 * asset on that chain — from another network: straight from the one chain that holds the amount, else
 * 'Transfer from another network' to pick among them (docs/modal.md "one option is used automatically,
 * several are shown for choosing").
 */
export function TransferFromWallet({ params }: ScreenProps<'fundingTransferFromWallet'>) {
  const { client, router, messages, config, hasScreen } = useModal()
  const m = messages.fundingTransfer
  const { request } = params
  const evmRequest = request.chainType === 'ethereum'
  const { ethereum, solana } = transferWalletChainTypes(request, client.solanaClusters)
  const { wallets, searched } = useTransferWallets({ ethereum, solana })
  const [expanded, setExpanded] = useState(false)
  const [connecting, setConnecting] = useState<ExternalWallet | undefined>(undefined)
  const [error, setError] = useState<string | undefined>(undefined)
  const pairingUri = useWalletConnectPairingUri(connecting)

  const choose = async (wallet: ExternalWallet) => {
    setError(undefined)
    setConnecting(wallet)
    try {
      const connected = await connectExternalWallet(client, { wallet })
      if (evmRequest && wallet.chainType === 'solana') {
        // From Solana, the bridge is the one way.
        router.push('fundingBridgeStatus', {
          ...params,
          wallet,
          from: connected.address,
          originChainId: RELAY_SOLANA_CHAIN_ID,
        })
        return
      }
      const tokenAddresses = config?.funding?.tokenAddresses
      // To a Solana wallet, an Ethereum wallet always bridges.
      const bridge =
        wallet.chainType === 'ethereum' &&
        (!evmRequest ||
          (await shouldBridge({ request, from: connected.address, chains: client.chains, tokenAddresses })))
      if (!bridge) {
        router.push('fundingTransferStatus', { ...params, wallet, from: connected.address })
        return
      }
      const next = {
        ...params,
        wallet: wallet as EthereumExternalWallet,
        from: connected.address as `0x${string}`,
      }
      const origins = await readBridgeOrigins({
        chains: client.chains,
        destination: request.chain,
        address: next.from,
        asset: request.asset,
        tokenAddresses,
      })
      // One chain that surely holds the amount is used directly; several, none, or chains paying in another
      // coin (ETH for SOL: only the quote tells the price) are offered on 'Transfer from another network'.
      const [only, ...others] = bridgeOptions(
        origins,
        fundingAmountUnits(request),
        bridgeDestinationCurrency(request),
      )
      if (only && others.length === 0)
        router.push('fundingBridgeStatus', { ...next, originChainId: only.chain.id })
      else router.push('fundingBridge', next)
    } catch (caught) {
      setError(errorOutcome('fundingTransfer', toErrorInfo(caught)).text(messages))
    } finally {
      setConnecting(undefined)
    }
  }

  const shown = visibleWallets(wallets, expanded)
  return (
    <div className="foyer-screen">
      <ModalScreenHeader title={m.title} onBack={router.back} />
      <p className="foyer-text">{m.detail}</p>
      {wallets.length === 0 ? (
        <>
          <p className="foyer-text" role="status">
            {searched ? m.noWallets : m.searching}
          </p>
          {searched ? (
            <>
              <p className="foyer-text">{m.noWalletsNext}</p>
              <WalletInstallLinks ethereum={ethereum} solana={solana} />
              {hasScreen('fundingReceive') ? (
                <Button
                  block
                  variant="secondary"
                  onClick={() =>
                    pushFundingScreen(router, 'fundingReceive', {
                      request,
                      settle: params.settle,
                      via: 'manual',
                    })
                  }
                >
                  {messages.funding.receive}
                </Button>
              ) : null}
            </>
          ) : null}
        </>
      ) : (
        <ul className="foyer-list" aria-label={m.listLabel}>
          {shown.wallets.map((wallet) => {
            const icon = sanitizeImageUrl(wallet.icon)
            return (
              <li key={wallet.id}>
                <button
                  type="button"
                  className="foyer-option"
                  style={{ flexDirection: 'row', alignItems: 'center', gap: 10 }}
                  data-wallet-id={wallet.id}
                  aria-busy={connecting === wallet || undefined}
                  disabled={connecting !== undefined}
                  onClick={() => void choose(wallet)}
                >
                  {icon ? <img src={icon} alt="" width={28} height={28} style={{ borderRadius: 6 }} /> : null}
                  <span style={{ flex: 1 }}>{wallet.name}</span>
                  {wallet.chainType === 'solana' ? <Chip>{messages.externalWallets.solana}</Chip> : null}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {shown.more ? (
        <Button variant="secondary" block onClick={() => setExpanded(true)}>
          {m.moreWallets}
        </Button>
      ) : null}
      {connecting && pairingUri ? (
        <WalletConnectPairing wallet={connecting as WalletConnectWallet} pairingUri={pairingUri} />
      ) : null}
      {connecting ? (
        <p className="foyer-text" role="status">
          {formatMessage(m.connecting, { wallet: connecting.name })}
        </p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
    </div>
  )
}
