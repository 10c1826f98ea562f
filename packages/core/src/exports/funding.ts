// `@foyer/core/funding`: funding a wallet (spec 02 §2 "Funding", §4, §5, §7, §8, §9; issue 14). A separate
// entry so that the sign-in bundle carries none of it: `@foyer/react` loads it with the funding screens.

export { FundingError, type FundingErrorCode } from '../funding/FundingError'
export type {
  FundingAsset,
  FundingRequest,
  FundWalletParameters,
  FundWalletResult,
} from '../funding/FundingRequest'
export { formatUsd } from '../funding/formatUsd'
export { fundingAssetSymbol } from '../funding/fundingAssetSymbol'
export { type GetTokenPriceParameters, getTokenPrice } from '../funding/getTokenPrice'
export { resolveFundingRequest } from '../funding/resolveFundingRequest'
export { supportedFundingOptions } from '../funding/supportedFundingOptions'
