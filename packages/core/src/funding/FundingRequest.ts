import type { FundingOption } from '@foyer/protocol'
import type { FoyerChain } from '../chains/FoyerChain'
import type { SolanaCluster } from '../chains/SolanaCluster'

/**
 * What to fund a wallet with (docs/app-config.md): the chain's native coin, USDC (6
 * decimals), or another ERC-20 token given by its contract address, symbol and decimals.
 */
export type FundingAsset = 'native' | 'USDC' | { erc20: `0x${string}`; symbol: string; decimals: number }

/**
 * Parameters of a funding request (`useFundWallet().fundWallet(…)`): the wallet's `address`, where (`chain`
 * for an Ethereum wallet, `cluster` for a Solana one; default the first configured chain or cluster),
 * `amount` as a decimal string in the asset's units (default the app's `default_recommended_amount`), and
 * `asset` (default `'native'`).
 *
 * @example
 * const parameters: FundWalletParameters = { address: wallet.address, chain: { id: 8453 }, amount: '0.05' }
 */
export type FundWalletParameters = {
  address: string
  /** An Ethereum chain by id; must be in the client's `chains`. */
  chain?: { id: number } | undefined
  /** A Solana cluster by name (`'mainnet-beta'`, `'devnet'`…); must be in the client's `solanaClusters`. */
  cluster?: { name: string } | undefined
  /** Decimal string, e.g. `'0.01'`, in units of `asset` (ether, SOL, USDC). */
  amount?: string | undefined
  asset?: FundingAsset | undefined
}

/**
 * A validated funding request, as the funding screens pass it on (docs/app-config.md):
 * `chainType` with `chain` (Ethereum) or `cluster` (Solana), the wallet `address`, `amount` (decimal
 * string, asset units), `asset`, the `supportedOptions` the app offers, `crossChainBridgingEnabled`.
 */
export type FundingRequest = {
  chainType: 'ethereum' | 'solana'
  address: string
  /** The Ethereum chain (chainType `'ethereum'`). */
  chain: FoyerChain | undefined
  /** The Solana cluster (chainType `'solana'`). */
  cluster: SolanaCluster | undefined
  amount: string
  asset: FundingAsset
  supportedOptions: readonly FundingOption[]
  crossChainBridgingEnabled: boolean
}

/** How a funding flow ended: a purchase or transfer was submitted (`'submitted'`) or arrived (`'completed'`). */
export type FundWalletResult = { status: 'submitted' | 'completed'; method: FundingOption['method'] }
