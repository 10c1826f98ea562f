import type { FundingProvider } from '@foyer/protocol'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Alert } from '../../../ui/Alert'
import { Button } from '../../../ui/Button'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import type { FundingFlowParams, FundingNextScreen } from '../params'
import { pushFundingScreen } from '../returnToFundingMethods'
import { transferWalletChainTypes } from '../transfer/TransferFromWallet/transferWalletChainTypes'
import { useTransferWallets } from '../transfer/TransferFromWallet/useTransferWallets'

/**
 * 'Add funds to your wallet' (docs/modal.md "Funding"): Pay with card (MoonPay, or Coinbase Onramp with a
 * card), Transfer from an exchange, Transfer from wallet, Receive funds, each shown when the app offers it
 * and its screen is registered; 'Having trouble or facing location restrictions? Try a different provider.'
 * switches the card provider when the app offers two. A flow that failed comes back here with its error.
 */
export function FundingMethods({ params }: ScreenProps<'fundingMethods'>) {
  const { client, messages, router, hasScreen } = useModal()
  const m = messages.funding
  const { request, settle, errorMessage, showAlternateProvider } = params
  const offers = (method: string, provider?: FundingProvider) =>
    request.supportedOptions.some(
      (option) => option.method === method && (provider === undefined || option.provider === provider),
    )

  // Card providers in the app's order; the card flow of each is its own screen.
  const cardScreens: Record<string, FundingNextScreen> = {
    moonpay: 'fundingCard',
    coinbase: 'fundingExchange',
  }
  const cardProviders = request.supportedOptions
    .filter((option) => option.method === 'card')
    .map((option) => option.provider)
    .filter((provider) => {
      const screen = cardScreens[provider]
      return screen !== undefined && hasScreen(screen)
    })
  const cardProvider = (showAlternateProvider ? cardProviders[1] : undefined) ?? cardProviders[0]

  // The wallets that could pay (as 'Transfer from wallet' lists them), to skip the amount when none.
  const discovery = useTransferWallets(transferWalletChainTypes(request, client.solanaClusters))
  const noWallet = discovery.searched && discovery.wallets.length === 0

  const next = (screen: FundingNextScreen, via: FundingFlowParams['via']) => {
    const flow: FundingFlowParams = { request, settle, via }
    if (screen === 'fundingReceive') pushFundingScreen(router, screen, flow)
    else pushFundingScreen(router, 'fundingAmount', { ...flow, next: screen })
  }

  const entries: Array<{ key: string; label: string; detail?: string; open(): void }> = []
  if (cardProvider)
    entries.push({
      key: 'card',
      label: m.payWithCard,
      detail: cardProvider === 'moonpay' ? m.providerMoonpay : m.providerCoinbase,
      open: () => next(cardScreens[cardProvider] as FundingNextScreen, 'card'),
    })
  if (offers('exchange', 'coinbase') && hasScreen('fundingExchange'))
    entries.push({ key: 'exchange', label: m.exchange, open: () => next('fundingExchange', 'exchange') })
  if (offers('wallets') && hasScreen('fundingTransferFromWallet'))
    entries.push({
      key: 'wallets',
      label: m.transferFromWallet,
      // With no wallet in this browser there is no amount to ask for: straight to the next steps.
      ...(noWallet ? { detail: messages.fundingTransfer.noWallets } : {}),
      open: noWallet
        ? () => pushFundingScreen(router, 'fundingTransferFromWallet', { request, settle, via: 'wallets' })
        : () => next('fundingTransferFromWallet', 'wallets'),
    })
  if (hasScreen('fundingReceive'))
    entries.push({ key: 'manual', label: m.receive, open: () => next('fundingReceive', 'manual') })

  return (
    <div className="foyer-screen">
      <ScreenHeader
        title={<ScreenTitle>{m.methodsTitle}</ScreenTitle>}
        onBack={router.getHistory().length > 1 ? router.back : undefined}
        backLabel={m.back}
      />
      {errorMessage ? <Alert>{errorMessage}</Alert> : null}
      {entries.map((entry) => (
        <button
          key={entry.key}
          type="button"
          className="foyer-option"
          data-funding-method={entry.key}
          onClick={entry.open}
        >
          <span>{entry.label}</span>
          {entry.detail ? <small>{entry.detail}</small> : null}
        </button>
      ))}
      {cardProviders.length > 1 ? (
        <Button
          variant="link"
          onClick={() =>
            router.replace('fundingMethods', {
              ...params,
              errorMessage: undefined,
              showAlternateProvider: !showAlternateProvider,
            })
          }
        >
          {m.tryDifferentProvider}
        </Button>
      ) : null}
    </div>
  )
}
