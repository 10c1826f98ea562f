import type { ServerContext } from '../../ServerContext'

// Farcaster settings of the `farcaster()` sign-in method, apart from the code that uses them so that its
// context type does not import the relay client.

/** The public Farcaster auth relay (Sign In With Farcaster channels; the default `farcaster.relayUrl`). */
export const FARCASTER_RELAY_URL = 'https://relay.farcaster.xyz'
/** A public Optimism mainnet JSON-RPC endpoint (the default `farcaster.rpcUrl`; use your own in production). */
export const OPTIMISM_RPC_URL = 'https://mainnet.optimism.io'
/** Farcaster's Id Registry on Optimism mainnet (the default `farcaster.idRegistryAddress`). */
export const ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** A Snapchain HTTP API (`GET /v1/userDataByFid`; the default `farcaster.userDataUrl`, Neynar's, with an API key). */
export const FARCASTER_USER_DATA_URL = 'https://snapchain-api.neynar.com'
/** Default time allowed for one call to the relay, the RPC or the user-data API, in ms. */
export const FARCASTER_CALL_TIMEOUT_MS = 5000

/**
 * `farcaster(options)`: where the outside Farcaster services are (docs/api.md; docs/architecture.md "Local
 * real components").
 */
export type FarcasterOptions = {
  /** Auth relay base URL (the relay's `/v1/channel` API); default {@link FARCASTER_RELAY_URL}. */
  relayUrl?: string | undefined
  /** Optimism JSON-RPC URL for the Id Registry and ERC-1271 checks; default {@link OPTIMISM_RPC_URL}. */
  rpcUrl?: string | undefined
  /** The Id Registry contract (`idOf(address)`); default {@link ID_REGISTRY_ADDRESS}. */
  idRegistryAddress?: string | undefined
  /** Base URL of a Snapchain HTTP API for profiles; default {@link FARCASTER_USER_DATA_URL}. */
  userDataUrl?: string | undefined
  /** Sent as `x-api-key` to the user-data API, when set. */
  userDataApiKey?: string | undefined
  /** Time allowed for one outside call, in ms (1–60000); default {@link FARCASTER_CALL_TIMEOUT_MS}. */
  timeoutMs?: number | undefined
}

/** The resolved {@link FarcasterOptions} in `ServerContext.farcaster`. */
export type FarcasterSettings = {
  relayUrl: string
  rpcUrl: string
  idRegistryAddress: `0x${string}`
  userDataUrl: string
  userDataApiKey: string | null
  timeoutMs: number
}

function httpUrl(name: string, value: string): string {
  const parsed = URL.canParse(value) ? new URL(value) : null
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw new Error(`farcaster.${name} must be an http(s) URL`)
  return value.replace(/\/+$/, '')
}

/**
 * Validates and defaults {@link FarcasterOptions}. Throws `Error` naming the bad option.
 *
 * @example resolveFarcasterOptions({ relayUrl: relay.url }).rpcUrl // 'https://mainnet.optimism.io'
 */
export function resolveFarcasterOptions(options: FarcasterOptions | undefined): FarcasterSettings {
  const idRegistryAddress = options?.idRegistryAddress ?? ID_REGISTRY_ADDRESS
  if (!/^0x[0-9a-fA-F]{40}$/.test(idRegistryAddress))
    throw new Error('farcaster.idRegistryAddress must be an Ethereum address')
  const timeoutMs = options?.timeoutMs ?? FARCASTER_CALL_TIMEOUT_MS
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000)
    throw new Error('farcaster.timeoutMs must be an integer from 1 to 60000')
  return {
    relayUrl: httpUrl('relayUrl', options?.relayUrl ?? FARCASTER_RELAY_URL),
    rpcUrl: httpUrl('rpcUrl', options?.rpcUrl ?? OPTIMISM_RPC_URL),
    idRegistryAddress: idRegistryAddress as `0x${string}`,
    userDataUrl: httpUrl('userDataUrl', options?.userDataUrl ?? FARCASTER_USER_DATA_URL),
    userDataApiKey: options?.userDataApiKey || null,
    timeoutMs,
  }
}

/** The context of the Farcaster routes: the server's, and the `farcaster()` method's resolved settings. */
export type FarcasterContext = ServerContext & { farcaster: FarcasterSettings }
