// `@foyer/core/wallet`: the embedded wallet (frame proxy, providers, actions). A separate entry so that the
// sign-in bundle carries none of it: `@foyer/react` imports it lazily (bundle budget, docs/architecture.md
// "Budgets").
export { type ConnectWalletParameters, connectWallet } from '../wallet/actions/connectWallet'
export {
  type CreateWalletParameters,
  type CreateWalletReturnType,
  createWallet,
} from '../wallet/actions/createWallet'
export {
  type CreateWalletsOnLoginReturnType,
  createOnLoginMode,
  createWalletsOnLogin,
  shouldCreateOnLogin,
} from '../wallet/actions/createWalletsOnLogin'
export {
  type ExportWalletParameters,
  type ExportWalletReturnType,
  exportWallet,
} from '../wallet/actions/exportWallet'
export { getEthereumChain } from '../wallet/actions/getEthereumChain'
export { getSolanaCluster } from '../wallet/actions/getSolanaCluster'
export { getWalletBalance } from '../wallet/actions/getWalletBalance'
export { listWalletDevices } from '../wallet/actions/listWalletDevices'
export { type RecoverWalletParameters, recoverWallet } from '../wallet/actions/recoverWallet'
export { type RevokeWalletDeviceParameters, revokeWalletDevice } from '../wallet/actions/revokeWalletDevice'
export {
  type SendSolanaTransactionParameters,
  sendSolanaTransaction,
  signSolanaTransaction,
} from '../wallet/actions/sendSolanaTransaction'
export { type SendTransactionParameters, sendTransaction } from '../wallet/actions/sendTransaction'
export { type SetWalletRecoveryParameters, setWalletRecovery } from '../wallet/actions/setWalletRecovery'
export { type SignMessageParameters, signMessage } from '../wallet/actions/signMessage'
export { type SignSolanaMessageParameters, signSolanaMessage } from '../wallet/actions/signSolanaMessage'
export { type SignTypedDataParameters, signTypedData } from '../wallet/actions/signTypedData'
export { switchEthereumChain } from '../wallet/actions/switchEthereumChain'
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
export {
  type GetFarcasterSignerStatusParameters,
  getFarcasterSignerStatus,
} from '../wallet/farcaster/getFarcasterSignerStatus'
export { initFarcasterSigner } from '../wallet/farcaster/initFarcasterSigner'
export { signFarcasterMessage } from '../wallet/farcaster/signFarcasterMessage'
export {
  type WaitForFarcasterSignerParameters,
  waitForFarcasterSigner,
} from '../wallet/farcaster/waitForFarcasterSigner'
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
export type {
  SolanaInstructionSummary,
  SolanaTransactionSummary,
} from '../wallet/solana/SolanaTransactionSummary'
export { summarizeSolanaTransaction } from '../wallet/solana/summarizeSolanaTransaction'
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
  RecoverWithPasswordPrompt,
  SendSolanaTransactionPrompt,
  SendTransactionPrompt,
  SetPasswordPrompt,
  SignMessagePrompt,
  SignTypedDataPrompt,
} from '../wallet/ui/WalletPrompt'
