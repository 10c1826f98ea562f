import {
  type BridgeOriginWallet,
  type BridgeQuote,
  bridgeableSolanaCluster,
  bridgeToWallet,
  fundingAssetSymbol,
  RELAY_SOLANA_CHAIN_ID,
  type BridgeStatus as Status,
} from '@foyer/core/funding'
import { useState } from 'react'
import { formatMessage } from '../../../../i18n/formatMessage'
import { useModal } from '../../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../../modal/screenParams'
import { DetailRows } from '../../../../ui/DetailRows'
import { FundedNotice, TransferProgress } from '../shared/TransferProgress'
import { useFundingTransfer } from '../shared/useFundingTransfer'

/**
 * The bridge, EVM to EVM, Solana to EVM or EVM to Solana (docs/modal.md "Funding": confirming/bridging screen
 * with Total, To, Network, Estimated fee; docs/modal.md; docs/api.md): fetching the quote, the external
 * wallet sending each of its steps' transactions (switching chain first), then waiting until the funds arrive
 * on the wallet's chain, and 'You've funded your account!' that closes by itself. A refused quote shows
 * 'Error fetching quote from relay' or the bridge API's message, with 'Try again'.
 */
export function BridgeStatus({ params }: ScreenProps<'fundingBridgeStatus'>) {
  const { client, router, messages, config } = useModal()
  const m = messages.fundingTransfer
  const { request, wallet, from, settle, originChainId } = params
  const fromSolana = originChainId === RELAY_SOLANA_CHAIN_ID
  const origin = fromSolana ? undefined : client.chains.find((chain) => chain.id === originChainId)
  const cluster = bridgeableSolanaCluster(client.solanaClusters)
  const payer: BridgeOriginWallet | undefined =
    wallet.chainType === 'solana'
      ? fromSolana && cluster
        ? { cluster, wallet }
        : undefined
      : origin && { chain: origin, provider: wallet.provider }
  const destination = request.chain
  const [quote, setQuote] = useState<BridgeQuote | undefined>(undefined)
  const state = useFundingTransfer<Status>(
    'quoting',
    async (onStatus) => {
      if (!payer) throw new Error(m.quoteError)
      await bridgeToWallet({
        request,
        origin: payer,
        from,
        apiUrl: config?.funding?.bridgeApiUrl,
        testnetApiUrl: config?.funding?.bridgeTestnetApiUrl,
        tokenAddresses: config?.funding?.tokenAddresses,
        onStatus,
        onQuote: setQuote,
      })
    },
    settle,
  )

  const names = {
    from: fromSolana ? messages.externalWallets.solana : (origin?.name ?? ''),
    to: destination?.name ?? messages.externalWallets.solana,
    network: destination?.name ?? messages.externalWallets.solana,
  }
  const values = {
    ...names,
    wallet: wallet.name,
    amount: request.amount,
    symbol: fundingAssetSymbol(request).symbol,
  }
  if (state.phase === 'success') return <FundedNotice values={values} />
  const text: Record<Status, string> = {
    quoting: m.quoting,
    'switching-chain': formatMessage(m.switchingChain, { ...values, network: names.from }),
    // What the wallet pays: the quote's amount in (SOL from Solana), else the amount.
    sending: formatMessage(m.sending, {
      ...values,
      ...(quote?.details?.currencyIn?.amountFormatted
        ? {
            amount: quote.details.currencyIn.amountFormatted,
            symbol: quote.details.currencyIn.currency.symbol,
          }
        : {}),
    }),
    'waiting-for-receipt': m.waitingForReceipt,
    bridging: formatMessage(m.bridging, values),
  }
  const currencyIn = quote?.details?.currencyIn
  const fee = quote?.fees?.relayer
  return (
    <div className="foyer-screen">
      <ModalScreenHeader
        title={formatMessage(m.bridgeEvmToEvm, names)}
        onBack={state.phase === 'error' ? () => router.back() : undefined}
      />
      {quote ? (
        <DetailRows
          rows={[
            [
              m.total,
              currencyIn?.amountFormatted && `${currencyIn.amountFormatted} ${currencyIn.currency.symbol}`,
            ],
            [m.to, request.address, 'address'],
            [m.network, formatMessage(m.bridgeEvmToEvm, names)],
            [m.estimatedFee, fee?.amountFormatted && `${fee.amountFormatted} ${fee.currency.symbol}`],
          ]}
        />
      ) : null}
      <TransferProgress state={state} statusText={state.phase === 'error' ? '' : text[state.phase]}>
        {state.phase === 'bridging' ? <p className="foyer-text">{m.bridgingDetail}</p> : null}
      </TransferProgress>
    </div>
  )
}
