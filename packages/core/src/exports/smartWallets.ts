// `@foyer/core/smart-wallets`: ERC-4337 smart wallets owned by the embedded wallet (docs/smart-wallets.md).
// A separate entry: `permissionless` and viem's account abstraction load only when a smart wallet is used.

export {
  type BuildSmartWalletParameters,
  buildSmartWallet,
  type CreateSmartWalletClientParameters,
  type CreateSmartWalletClientReturnType,
  createSmartWalletClient,
  SMART_WALLET_VERSIONS,
  type SmartWalletClient,
  type SmartWalletOwner,
} from '../smartWallets/createSmartWalletClient'
export {
  type PolicyContext,
  paymasterContextFor,
  SPONSORED_PAYMASTER_EXPIRY_SECONDS,
  SPONSORING_PAYMASTER_HOSTS,
  type SponsoringServiceContext,
} from '../smartWallets/paymasterContext'
export { SmartWalletError } from '../smartWallets/SmartWalletError'
export { carriesPaymasterData, type SmartWalletCall } from '../smartWallets/sendCalls'
