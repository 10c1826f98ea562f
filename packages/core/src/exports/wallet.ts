// `@foyer/core/wallet`: the embedded wallet (frame proxy, providers, actions). A separate entry so that the
// sign-in bundle carries none of it: `@foyer/react` imports it lazily (bundle budget, docs/architecture.md
// "Budgets").

export {
  type GetFarcasterSignerStatusErrorType,
  type GetFarcasterSignerStatusParameters,
  getFarcasterSignerStatus,
} from '../actions/farcasterSigner/getFarcasterSignerStatus'
export {
  type InitFarcasterSignerErrorType,
  initFarcasterSigner,
} from '../actions/farcasterSigner/initFarcasterSigner'
export {
  type SignFarcasterMessageErrorType,
  signFarcasterMessage,
} from '../actions/farcasterSigner/signFarcasterMessage'
export {
  type WaitForFarcasterSignerErrorType,
  type WaitForFarcasterSignerParameters,
  waitForFarcasterSigner,
} from '../actions/farcasterSigner/waitForFarcasterSigner'
export {
  type AuthorizeIcloudRecoveryErrorType,
  type AuthorizeIcloudRecoveryParameters,
  type AuthorizeIcloudRecoveryReturnType,
  authorizeIcloudRecovery,
} from '../actions/wallet/authorizeIcloudRecovery'
export {
  type AuthorizeRecoveryOAuthErrorType,
  type AuthorizeRecoveryOAuthParameters,
  type AuthorizeRecoveryOAuthReturnType,
  authorizeRecoveryOAuth,
} from '../actions/wallet/authorizeRecoveryOAuth'
export {
  type ConnectWalletErrorType,
  type ConnectWalletParameters,
  connectWallet,
} from '../actions/wallet/connectWallet'
export {
  type CreateWalletErrorType,
  type CreateWalletParameters,
  type CreateWalletReturnType,
  createWallet,
} from '../actions/wallet/createWallet'
export {
  type CreateWalletsOnLoginErrorType,
  type CreateWalletsOnLoginReturnType,
  createOnLoginMode,
  createWalletsOnLogin,
  shouldCreateOnLogin,
} from '../actions/wallet/createWalletsOnLogin'
export {
  type DelegatedActionsErrorType,
  type DelegateWalletParameters,
  delegateWallet,
  getDelegatedActivity,
  getDelegations,
  revokeWallets,
} from '../actions/wallet/delegatedActions'
export {
  type ExportWalletErrorType,
  type ExportWalletParameters,
  type ExportWalletReturnType,
  exportWallet,
} from '../actions/wallet/exportWallet'
export { type GetEthereumChainErrorType, getEthereumChain } from '../actions/wallet/getEthereumChain'
export { type GetSolanaClusterErrorType, getSolanaCluster } from '../actions/wallet/getSolanaCluster'
export { type GetWalletBalanceErrorType, getWalletBalance } from '../actions/wallet/getWalletBalance'
export {
  type ImportWalletErrorType,
  type ImportWalletParameters,
  type ImportWalletReturnType,
  importWallet,
  WALLET_IMPORT_TIMEOUT_MS,
} from '../actions/wallet/importWallet'
export { type ListWalletDevicesErrorType, listWalletDevices } from '../actions/wallet/listWalletDevices'
export {
  type RecoverWalletErrorType,
  type RecoverWalletParameters,
  recoverWallet,
} from '../actions/wallet/recoverWallet'
export {
  type RevokeWalletDeviceErrorType,
  type RevokeWalletDeviceParameters,
  revokeWalletDevice,
} from '../actions/wallet/revokeWalletDevice'
export {
  type SendSolanaTransactionErrorType,
  type SendSolanaTransactionParameters,
  sendSolanaTransaction,
  signSolanaTransaction,
} from '../actions/wallet/sendSolanaTransaction'
export {
  type SendTransactionErrorType,
  type SendTransactionParameters,
  sendTransaction,
} from '../actions/wallet/sendTransaction'
export {
  type SetWalletRecoveryErrorType,
  type SetWalletRecoveryParameters,
  setWalletRecovery,
} from '../actions/wallet/setWalletRecovery'
export {
  type SignMessageErrorType,
  type SignMessageParameters,
  signMessage,
} from '../actions/wallet/signMessage'
export {
  type SignSolanaMessageErrorType,
  type SignSolanaMessageParameters,
  signSolanaMessage,
} from '../actions/wallet/signSolanaMessage'
export {
  type SignTypedDataErrorType,
  type SignTypedDataParameters,
  signTypedData,
} from '../actions/wallet/signTypedData'
export { type SwitchEthereumChainErrorType, switchEthereumChain } from '../actions/wallet/switchEthereumChain'
export { type WarmWalletErrorType, warmWallet } from '../actions/wallet/warmWallet'
export { blockExplorerOf } from '../chains/defaultBlockExplorer'
export { ChainNotConfiguredError } from '../wallet/errors/ChainNotConfiguredError'
export {
  EmbeddedWalletError,
  type EmbeddedWalletErrorCode,
  embeddedWalletErrorMessages,
} from '../wallet/errors/EmbeddedWalletError'
export {
  FarcasterSignerError,
  type FarcasterSignerErrorCode,
  farcasterSignerErrorMessages,
} from '../wallet/errors/FarcasterSignerError'
export { InvalidTransactionRequestError } from '../wallet/errors/InvalidTransactionRequestError'
export { ProviderRpcError } from '../wallet/errors/ProviderRpcError'
export {
  SolanaTransactionError,
  type SolanaTransactionErrorCode,
  solanaTransactionErrorMessages,
} from '../wallet/errors/SolanaTransactionError'
export { SponsorshipUnavailableError } from '../wallet/errors/SponsorshipUnavailableError'
export {
  TransactionError,
  type TransactionErrorCode,
  toTransactionError,
  transactionErrorMessages,
} from '../wallet/errors/TransactionError'
export { UserRejectedRequestError } from '../wallet/errors/UserRejectedRequestError'
export { WalletProxyError, type WalletProxyErrorCode } from '../wallet/errors/WalletProxyError'
export {
  type CreateEthereumProviderParameters,
  createEthereumProvider,
} from '../wallet/ethereum/createEthereumProvider'
export type {
  EIP1193EventName,
  EIP1193Provider,
  EIP1193RequestArguments,
} from '../wallet/ethereum/EIP1193Provider'
export { formatLamports } from '../wallet/format/formatLamports'
export { formatUnits } from '../wallet/format/formatUnits'
export { generatePassword } from '../wallet/password/generatePassword'
export { type PasswordStrengthReturnType, passwordStrength } from '../wallet/password/passwordStrength'
export { recoveryFileName } from '../wallet/password/recoveryFileName'
export {
  PASSWORD_SPECIAL_CHARACTERS,
  type ValidatePasswordReturnType,
  validatePassword,
} from '../wallet/password/validatePassword'
export {
  type CreateWalletProxyParameters,
  createWalletProxy,
  type WalletProxy,
  type WalletProxyRequestOptions,
} from '../wallet/proxy/createWalletProxy'
export { createSolanaProvider, type SolanaProvider } from '../wallet/solana/createSolanaProvider'
export { getSolanaBalance } from '../wallet/solana/getSolanaBalance'
export { getSolanaFee } from '../wallet/solana/getSolanaFee'
export type {
  SolanaInstructionSummary,
  SolanaTransactionSummary,
} from '../wallet/solana/SolanaTransactionSummary'
export {
  type SummarizeSolanaTransactionOptions,
  summarizeSolanaTransaction,
} from '../wallet/solana/summarizeSolanaTransaction'
export type { DecodedAction, TokenMetadata } from '../wallet/transactions/DecodedAction'
export { isUnlimitedAmount } from '../wallet/transactions/DecodedAction'
export type {
  EthereumTransactionRequest,
  Quantity,
  RpcTransactionRequest,
} from '../wallet/transactions/EthereumTransactionRequest'
export {
  type EstimateTransactionParameters,
  estimateTransaction,
} from '../wallet/transactions/estimateTransaction'
export type { TransactionPreview } from '../wallet/transactions/TransactionPreview'
export type { TransactionReceiptSummary } from '../wallet/transactions/TransactionReceiptSummary'
export {
  type ValidateTransactionRequestParameters,
  type ValidateTransactionRequestReturnType,
  validateTransactionRequest,
} from '../wallet/transactions/validateTransactionRequest'
export { waitForTransactionReceipt } from '../wallet/transactions/waitForTransactionReceipt'
export type {
  ConnectWalletPrompt,
  RecoverWithOAuthPrompt,
  RecoverWithPasswordPrompt,
  SecureNewWalletPrompt,
  SendSolanaTransactionPrompt,
  SendTransactionPrompt,
  SendUserOperationPrompt,
  SetPasswordPrompt,
  SignMessagePrompt,
  SignTypedDataPrompt,
  UserOperationPreview,
  UserOperationResult,
} from '../wallet/ui/WalletPrompt'
