// `@foyer/core/funding`: funding a wallet (docs/modal.md "Funding", docs/limits.md, docs/api.md,
// docs/errors.md). A separate entry so that the sign-in bundle carries none of it: `@foyer/react` loads it
// with the funding screens.

export {
  type BridgeOriginWallet,
  type BridgeStatus,
  type BridgeToWalletErrorType,
  type BridgeToWalletParameters,
  bridgeToWallet,
  RELAY_SOL_CURRENCY,
} from '../actions/funding/bridgeToWallet'
export {
  type GetCoinbaseOnRampStatusErrorType,
  getCoinbaseOnRampStatus,
} from '../actions/funding/getCoinbaseOnRampStatus'
export { type GetFundingBalanceErrorType, getFundingBalance } from '../actions/funding/getFundingBalance'
export {
  type GetMoonpayTransactionStatusErrorType,
  type GetMoonpayTransactionStatusParameters,
  getMoonpayTransaction,
  getMoonpayTransactionStatus,
  type MoonpayTransaction,
  type MoonpayTransactionStatus,
} from '../actions/funding/getMoonpayTransactionStatus'
export {
  type GetTokenPriceErrorType,
  type GetTokenPriceParameters,
  getTokenPrice,
} from '../actions/funding/getTokenPrice'
export {
  type InitCoinbaseOnRampErrorType,
  type InitCoinbaseOnRampParameters,
  initCoinbaseOnRamp,
} from '../actions/funding/initCoinbaseOnRamp'
export {
  COINBASE_ON_RAMP_POLL_INTERVAL_MS,
  COINBASE_ON_RAMP_POST_CLOSE_POLLS,
  COINBASE_ON_RAMP_STATUS_DELAY_MS,
  type CoinbaseOnRampFlowStatus,
  type TrackCoinbaseOnRampErrorType,
  type TrackCoinbaseOnRampParameters,
  type TrackCoinbaseOnRampReturnType,
  trackCoinbaseOnRamp,
} from '../actions/funding/trackCoinbaseOnRamp'
export {
  type TransferFromExternalWalletErrorType,
  type TransferFromExternalWalletParameters,
  transferFromExternalWallet,
} from '../actions/funding/transferFromExternalWallet'
export {
  type WatchMoonpayTransactionErrorType,
  type WatchMoonpayTransactionHandlers,
  watchMoonpayTransaction,
} from '../actions/funding/watchMoonpayTransaction'
export { coinbaseNetworkOf, coinbaseOnRampEvmNetworks } from '../funding/coinbaseNetworkOf'
export {
  COINBASE_ASSET_IDS,
  COINBASE_ONRAMP_PAY_URL,
  type CoinbaseOnRampPayUrlParameters,
  coinbaseOnRampPayUrl,
} from '../funding/coinbaseOnRampPayUrl'
export {
  type CoinbaseOnRampRequestReturnType,
  coinbaseOnRampRequest,
} from '../funding/coinbaseOnRampRequest'
export { FundingError, type FundingErrorCode } from '../funding/FundingError'
export type {
  FundingAsset,
  FundingRequest,
  FundWalletParameters,
  FundWalletResult,
} from '../funding/FundingRequest'
export { formatUsd } from '../funding/formatUsd'
export { fundingAssetSymbol } from '../funding/fundingAssetSymbol'
export { moonpayCurrencyCode } from '../funding/moonpayCurrencyCode'
export { type FundingPopupRef, openFundingPopup } from '../funding/openFundingPopup'
export { parseAmount } from '../funding/parseAmount'
export { resolveFundingRequest } from '../funding/resolveFundingRequest'
export { signMoonpayOnRampUrl } from '../funding/signMoonpayOnRampUrl'
export { supportedFundingOptions } from '../funding/supportedFundingOptions'
// Transfer from another wallet, with bridging (docs/modal.md, docs/limits.md, docs/api.md)
export {
  assertBridgingSupported,
  bridgeableSolanaCluster,
  canBridgeAcrossChainTypes,
  RELAY_SOLANA_CHAIN_ID,
} from '../funding/transfer/assertBridgingSupported'
export { BridgeError, type BridgeErrorCode } from '../funding/transfer/BridgeError'
export type {
  BridgeAmount,
  BridgeQuote,
  BridgeSolanaInstruction,
  BridgeSolanaInstructions,
  BridgeStep,
  BridgeStepItem,
  BridgeTransaction,
} from '../funding/transfer/BridgeQuote'
export {
  type BridgeApiUrlParameters,
  bridgeApiUrl,
  RELAY_API_URL,
  RELAY_TESTNET_API_URL,
} from '../funding/transfer/bridgeApiUrl'
export {
  type BridgeDestinationCurrency,
  bridgeCoverage,
  bridgeDestinationCurrency,
  bridgeOptions,
} from '../funding/transfer/bridgeOptions'
export { buildSolanaTransaction } from '../funding/transfer/buildSolanaTransaction'
export {
  type BuildTransferTransactionParameters,
  buildTransferTransaction,
} from '../funding/transfer/buildTransferTransaction'
export {
  BRIDGE_QUOTE_ERROR_MESSAGE,
  type FetchBridgeQuoteParameters,
  fetchBridgeQuote,
  NATIVE_CURRENCY_ADDRESS,
} from '../funding/transfer/fetchBridgeQuote'
export { fundingAmountUnits } from '../funding/transfer/fundingAmountUnits'
export {
  type FundingCurrency,
  type FundingTokenAddresses,
  fundingCurrency,
} from '../funding/transfer/fundingCurrency'
export { type BridgeOrigin, readBridgeOrigins } from '../funding/transfer/readBridgeOrigins'
export { readEvmBalance } from '../funding/transfer/readEvmBalance'
export {
  type ExternalTransferStatus,
  type SendFromExternalWalletParameters,
  sendFromExternalWallet,
} from '../funding/transfer/sendFromExternalWallet'
export {
  type SendSolanaFromExternalWalletParameters,
  sendSolanaFromExternalWallet,
} from '../funding/transfer/sendSolanaFromExternalWallet'
export {
  type SendSolFromExternalWalletParameters,
  sendSolFromExternalWallet,
} from '../funding/transfer/sendSolFromExternalWallet'
export { shouldBridge } from '../funding/transfer/shouldBridge'
export { usdcAddress } from '../funding/transfer/usdcAddress'
