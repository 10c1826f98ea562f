// `@foyer/core/external-wallets`: browser wallets (EIP-6963, `window.ethereum`, the Solana wallet standard)
// and sign-in with them (SIWE, SIWS). A separate entry so that the sign-in bundle carries none of it (mipd,
// viem/siwe, the wallet standard): `@foyer/react` loads it with the wallet screens (docs/architecture.md
// "Budgets").

export { connectExternalWallet } from '../externalWallets/actions/connectExternalWallet'
export {
  type LinkWalletParameters,
  linkWallet,
} from '../externalWallets/actions/linkWallet'
export {
  type LoginWithExternalWalletParameters,
  type LoginWithExternalWalletReturnType,
  loginWithExternalWallet,
} from '../externalWallets/actions/loginWithExternalWallet'
export { type LoginWithSiweParameters, loginWithSiwe } from '../externalWallets/actions/loginWithSiwe'
export { type LoginWithSiwsParameters, loginWithSiws } from '../externalWallets/actions/loginWithSiws'
export { type UnlinkWalletParameters, unlinkWallet } from '../externalWallets/actions/unlinkWallet'
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
export {
  discoverEthereumWallets,
  type EthereumWalletDiscovery,
} from '../externalWallets/ethereum/discoverEthereumWallets'
export type { WalletSignInOptions } from '../externalWallets/proveWalletOwnership'
export {
  discoverSolanaWallets,
  type SolanaWalletDiscovery,
} from '../externalWallets/solana/discoverSolanaWallets'
export { sortExternalWallets } from '../externalWallets/sortExternalWallets'
export {
  type ExternalWalletWatcher,
  type WatchExternalWalletsParameters,
  watchExternalWallets,
} from '../externalWallets/watchExternalWallets'
