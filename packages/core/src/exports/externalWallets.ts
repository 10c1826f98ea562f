// `@foyer/core/external-wallets`: browser wallets (EIP-6963, `window.ethereum`, the Solana wallet standard)
// and sign-in with them (SIWE, SIWS). A separate entry so that the sign-in bundle carries none of it (mipd,
// viem/siwe, the wallet standard): `@foyer/react` loads it with the wallet screens (docs/architecture.md
// "Budgets").

export {
  type ConnectExternalWalletErrorType,
  connectExternalWallet,
} from '../actions/externalWallets/connectExternalWallet'
export {
  type LinkWalletErrorType,
  type LinkWalletParameters,
  linkWallet,
} from '../actions/externalWallets/linkWallet'
export {
  type LoginWithExternalWalletErrorType,
  type LoginWithExternalWalletParameters,
  type LoginWithExternalWalletReturnType,
  loginWithExternalWallet,
} from '../actions/externalWallets/loginWithExternalWallet'
export {
  type LoginWithSiweErrorType,
  type LoginWithSiweParameters,
  loginWithSiwe,
} from '../actions/externalWallets/loginWithSiwe'
export {
  type LoginWithSiwsErrorType,
  type LoginWithSiwsParameters,
  loginWithSiws,
} from '../actions/externalWallets/loginWithSiws'
export {
  type UnlinkWalletErrorType,
  type UnlinkWalletParameters,
  unlinkWallet,
} from '../actions/externalWallets/unlinkWallet'
export {
  COINBASE_KEYS_URL,
  COINBASE_SMART_WALLET_CHAIN_IDS,
  type CoinbaseWallet,
  type CoinbaseWalletKind,
  type CoinbaseWalletOptions,
  coinbaseWalletKind,
  createCoinbaseWallet,
} from '../externalWallets/coinbase/coinbaseWallet'
export {
  getWalletConnectionHistory,
  type WalletConnection,
} from '../externalWallets/connectionHistory'
export type {
  ConnectedExternalWallet,
  EthereumExternalWallet,
  ExternalEip1193Provider,
  ExternalWallet,
  SolanaExternalWallet,
} from '../externalWallets/ExternalWallet'
export { WalletConnectionError } from '../externalWallets/errors/WalletConnectionError'
export type {
  ConnectEthereumWalletOptions,
  WalletConnectState,
} from '../externalWallets/ethereum/connectEthereumWallet'
export {
  discoverEthereumWallets,
  type EthereumWalletDiscovery,
} from '../externalWallets/ethereum/discoverEthereumWallets'
export {
  isUnknownChainError,
  type SwitchWalletChainParameters,
  switchWalletChain,
} from '../externalWallets/ethereum/switchWalletChain'
export {
  CONNECTOR_INITIALIZATION_TIMEOUT_MS,
  WALLET_CONNECT_REDIRECT_CHECK_MS,
  WALLET_QUERY_INTERVAL_MS,
  WALLET_QUERY_MAX_ATTEMPTS,
} from '../externalWallets/externalWalletLimits'
export {
  beginPhantomLinkSignIn,
  forgetPhantomLink,
  getPendingPhantomLink,
  getPhantomLinkAddress,
  PHANTOM_LINK_LABELS,
  type PhantomLinkOptions,
  type PhantomLinkOutcome,
  type PhantomLinkStep,
  phantomLinkSignMessage,
  phantomLinkSignTransaction,
  resumePhantomLink,
} from '../externalWallets/phantom/phantomLinkFlow'
export type { WalletSignInOptions } from '../externalWallets/proveWalletOwnership'
export {
  discoverSolanaWallets,
  type SolanaWalletDiscovery,
} from '../externalWallets/solana/discoverSolanaWallets'
export { sortExternalWallets } from '../externalWallets/sortExternalWallets'
export {
  isMobileUserAgent,
  type MobileLinkPreference,
  walletAppLink,
  walletConnectDeepLink,
} from '../externalWallets/walletConnect/walletConnectDeepLinks'
export {
  createWalletConnectWallet,
  WALLET_CONNECT_DEFAULT_RELAY_URL,
  WALLET_CONNECT_SIGN_DELAY_MS,
  type WalletConnectWallet,
  type WalletConnectWalletOptions,
} from '../externalWallets/walletConnect/walletConnectWallet'
export {
  loadWalletIcon,
  lookupWallet,
  type WalletDirectoryEntry,
  walletDirectory,
} from '../externalWallets/walletDirectory'
export {
  type ExternalWalletWatcher,
  type WatchExternalWalletsParameters,
  watchExternalWallets,
} from '../externalWallets/watchExternalWallets'
