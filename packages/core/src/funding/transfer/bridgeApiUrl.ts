/** The Relay bridge API (docs/api.md). */
export const RELAY_API_URL = 'https://api.relay.link'
/** The Relay bridge API's testnet host (docs/api.md: "a testnet host for testnets"). */
export const RELAY_TESTNET_API_URL = 'https://api.testnets.relay.link'

/** Well-known EVM testnets: Sepolia, Holesky, Base, Optimism and Arbitrum Sepolia, Polygon Amoy, Fuji. */
const TESTNET_CHAIN_IDS = new Set([11155111, 17000, 84532, 11155420, 421614, 80002, 43113])

/** Parameters of {@link bridgeApiUrl}. */
export type BridgeApiUrlParameters = {
  /** The origin and destination chain ids (EVM ids; Solana uses 792703809). */
  chainIds: readonly number[]
  /** The chains the host marked as testnets (`FoyerChain.testnet`), beside the well-known ones. */
  testnetChainIds?: readonly number[] | undefined
  /** The bridge API's base URL; default {@link RELAY_API_URL}. */
  apiUrl?: string | undefined
  /** Its testnet host; default {@link RELAY_TESTNET_API_URL}. */
  testnetApiUrl?: string | undefined
}

/**
 * The bridge API's base URL for a bridge: the testnet host when any of its chains is a testnet, else the
 * mainnet one (docs/api.md). Both are configurable (the demo and tests point them at a local stand-in).
 *
 * @example
 * bridgeApiUrl({ chainIds: [84532, 11155111] }) // 'https://api.testnets.relay.link'
 */
export function bridgeApiUrl(parameters: BridgeApiUrlParameters): string {
  const testnets = new Set([...TESTNET_CHAIN_IDS, ...(parameters.testnetChainIds ?? [])])
  const testnet = parameters.chainIds.some((id) => testnets.has(id))
  const url = testnet
    ? (parameters.testnetApiUrl ?? RELAY_TESTNET_API_URL)
    : (parameters.apiUrl ?? RELAY_API_URL)
  return url.replace(/\/+$/, '')
}
