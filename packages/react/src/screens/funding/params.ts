import type { FundingRequest, FundWalletResult } from '@foyer/core/funding'
import type { PromptSettler } from '../../modal/prompts/PromptSettler'

/**
 * The screen-params contract of every funding screen (docs/modal.md "Funding"). What the method
 * selection ('Add funds to your wallet') and 'Confirm or edit amount' pass to the next screen:
 *
 * - `request` — the validated {@link FundingRequest}: `address` (the wallet to fund), `chainType` with
 *   `chain` (a configured `FoyerChain`, EVM) or `cluster` (a configured `SolanaCluster`), `amount` (decimal
 *   string in units of `asset`, already confirmed on 'Confirm or edit amount': a number > 0, no leading
 *   '.'), `asset` (`'native'` | `'USDC'` | `{ erc20, symbol, decimals }`), `supportedOptions`,
 *   `crossChainBridgingEnabled`.
 * - `settle` — answers the `fundWallet()` call: `settle.resolve({ status: 'submitted' | 'completed', method })`
 *   when funds were bought or sent, `settle.reject(error)` on a failure the user cannot fix here (closing the
 *   modal rejects with a user rejection by itself).
 * - `via` — how the user came: `'card'` (Pay with card through a provider other than MoonPay, e.g.
 *   Coinbase Onramp with the card payment method) or the method itself.
 *
 * Screens registered by id: `fundingMethods` (method selection), `fundingAmount` ('Confirm or edit
 * amount'), `fundingCard` (MoonPay 'Fund account' status), `fundingReceive` (manual receive),
 * `fundingExchange` (Coinbase Onramp) and `fundingTransferFromWallet` (transfer from a wallet, bridging).
 * The last two take exactly these params ({@link FundingFlowParams}); to go back to the method selection
 * with an error (and the alternate card provider shown), call `returnToFundingMethods(router, params,
 * { errorMessage, showAlternateProvider })` from `screens/funding/returnToFundingMethods.ts`.
 */
export type FundingFlowParams = {
  request: FundingRequest
  settle: PromptSettler<FundWalletResult>
  via?: 'card' | 'exchange' | 'wallets' | 'manual' | undefined
}

/** A funding screen that follows 'Confirm or edit amount'. */
export type FundingNextScreen =
  | 'fundingCard'
  | 'fundingExchange'
  | 'fundingTransferFromWallet'
  | 'fundingReceive'

/**
 * Params of 'Add funds to your wallet' (the method selection): the {@link FundingFlowParams}, plus the
 * error of a flow that came back here (`errorMessage`, docs/errors.md) and whether the alternate card
 * provider is offered first (`showAlternateProvider`, after 'Try a different provider' or a failed on-ramp).
 */
export type FundingMethodsParams = FundingFlowParams & {
  errorMessage?: string | undefined
  showAlternateProvider?: boolean | undefined
}

/** Params of 'Confirm or edit amount': the flow params and the screen to open with the confirmed amount. */
export type FundingAmountParams = FundingFlowParams & { next: FundingNextScreen }
