/** The options, requests and handle of the bridge stand-in. */
import type { Address, Hex } from 'viem'
import type { TestToken } from './testToken'
/** One EVM chain the bridge stand-in serves (a local anvil, or any chain where the solver has funds). */
export type BridgeStandInChain = {
  chainId: number
  rpcUrl: string
  /** Display name; default `Chain {chainId}`. */
  name?: string
  /** Symbol of the native coin (18 decimals); default `ETH`. Coins of the same symbol bridge 1:1. */
  symbol?: string
  /**
   * ERC-20 tokens on this chain (e.g. placed with `placeTestToken`); tokens of the same symbol on two chains
   * bridge 1:1 (scaled by their decimals).
   */
  tokens?: readonly TestToken[]
}

/** Options of {@link startBridgeStandIn}. */
export type StartBridgeStandInOptions = {
  chains: readonly BridgeStandInChain[]
  /**
   * The solver's key, funded on every chain. Default: a fresh key that the stand-in funds with 1,000 of the
   * native coin on every chain through anvil's `anvil_setBalance`, and with 1,000,000 of each token by
   * writing its balance (`mintTestToken`: the test token's storage layout).
   */
  solverPrivateKey?: Hex
  /** The relayer fee, in basis points of the amount; default 10 (0.1 %), at least 1 wei. */
  feeBps?: number
  /**
   * A Solana cluster to bridge from (Relay's chain id 792703809, SOL as `11111111111111111111111111111111`):
   * its quotes' step is a system transfer to a deposit address of the request, watched with `getBalance`.
   */
  solana?: { rpcUrl: string }
  /**
   * USD prices by symbol for routes between different coins (SOL to ETH…); default `{ ETH: 3000, SOL: 150 }`.
   * Coins of the same symbol bridge 1:1.
   */
  usdPrices?: Readonly<Record<string, number>>
  /**
   * How a token is deposited: `'transfer'` (default), one step transferring it to the solver with the request
   * id appended; or `'approve'`, two steps — `approve(solver, amountIn)`, then a deposit transaction to the
   * solver carrying the request id, after which the solver pulls the tokens (`transferFrom`).
   */
  tokenDeposit?: 'transfer' | 'approve'
  /** How often the stand-in looks for deposits on the origin chains, in ms; default 500. */
  pollIntervalMs?: number
  /** Port; default 0 (any free one). Host is always 127.0.0.1. */
  port?: number
}

/** Relay's intent statuses that the stand-in goes through. */
export type BridgeStandInStatus = 'waiting' | 'pending' | 'submitted' | 'success' | 'failure'

/** One quoted request: the deposit it waits for on the origin chain and the fill it sends on the destination. */
export type BridgeStandInRequest = {
  requestId: Hex
  status: BridgeStandInStatus
  originChainId: number
  destinationChainId: number
  /** The paying account: an EVM address, or a base58 Solana address for a Solana origin. */
  user: string
  /** The receiving account: an EVM address, or a base58 Solana address for a Solana destination. */
  recipient: string
  /** Where a Solana origin's deposit goes (base58): an address of this request alone. */
  depositAddress?: string | undefined
  /** The currencies: the zero address for the native coin, else the token's address on its chain. */
  originCurrency: string
  destinationCurrency: string
  /** What the user deposits on the origin chain, in its smallest unit (the amount plus the fee). */
  amountIn: bigint
  /** What the recipient receives on the destination chain, in its smallest unit. */
  amountOut: bigint
  /** Whether the solver pulls the tokens once the deposit transaction is seen (`tokenDeposit: 'approve'`). */
  pull: boolean
  /** The deposit's transaction hash, once seen. */
  inTxHashes: Hex[]
  /** The fill's transaction hash (a Solana signature on Solana), once sent. */
  txHashes: Hex[]
  updatedAt: number
}

/** A running bridge stand-in. */
export type BridgeStandIn = {
  /** `http://127.0.0.1:<port>`: the bridge API's base URL (mainnet and testnet hosts alike). */
  url: string
  /** Where deposits go on every origin chain; it sends the fills on the destination chains. */
  solverAddress: Address
  /** The quoted requests by request id. */
  requests: ReadonlyMap<Hex, BridgeStandInRequest>
  /** Looks for deposits now and fills them (the stand-in also does so every `pollIntervalMs`). */
  settle(): Promise<void>
  /** Stops watching and listening. */
  close(): Promise<void>
}
