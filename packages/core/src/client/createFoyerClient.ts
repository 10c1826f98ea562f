import { APP_ID_LENGTH, REQUEST_TIMEOUT_MS } from '@foyer/protocol'
import { defaultEthereumChain, type FoyerChain } from '../chains/FoyerChain'
import { defaultSolanaClusters, type SolanaCluster } from '../chains/SolanaCluster'
import { InvalidAppIdError } from '../errors/InvalidAppIdError'
import { createSessionStore } from '../session/createSessionStore'
import type { FoyerStorage } from '../storage/FoyerStorage'
import { resolveDefaultStorage } from '../storage/resolveDefaultStorage'
import { storageKeys } from '../storage/storageKeys'
import { randomUuid } from '../utils/randomUuid'
import type { EmbeddedWalletsConfig } from '../wallet/EmbeddedWalletsConfig'
import { createWalletSlot } from '../wallet/WalletSlot'
import type { ApiRoute, FoyerClient, FoyerClientInternal, FoyerState } from './FoyerClient'

/** Parameters of {@link createFoyerClient}. */
export type CreateFoyerClientParameters = {
  /** The app id: exactly 25 characters (docs/limits.md). */
  appId: string
  /** The Foyer server's base URL, e.g. `http://127.0.0.1:8787`; a trailing slash is ignored. */
  apiUrl: string
  /**
   * Where tokens and ids are kept. Default: the browser's localStorage when usable (probed at first use,
   * never at import), else memory.
   */
  storage?: FoyerStorage | undefined
  /** The `fetch` to call. Default: `globalThis.fetch`, looked up at call time. */
  fetch?: typeof fetch | undefined
  /** Per-attempt request timeout, in ms. Default `REQUEST_TIMEOUT_MS` (20 000). */
  timeoutMs?: number | undefined
  /**
   * Ethereum chains the embedded wallet may use, the default first (docs/limits.md: transactions and chain
   * switches only to these). Default: Ethereum mainnet.
   */
  chains?: readonly FoyerChain[] | undefined
  /** Solana clusters, the default first. Default: mainnet-beta, devnet, testnet on their public RPCs. */
  solanaClusters?: readonly SolanaCluster[] | undefined
  /** Embedded wallet options: `createOnLogin` per chain type, `noPromptOnSignature`, the frame's mount. */
  embeddedWallets?: EmbeddedWalletsConfig | undefined
  /**
   * `false` turns the SDK's analytics events off (`sdkEvents`: initialisation, login started and completed,
   * wallet created …; docs/api.md): nothing is sent to `/api/v1/analytics_events`. Default `true`.
   */
  analytics?: boolean | undefined
}

/** Return type of {@link createFoyerClient}. */
export type CreateFoyerClientReturnType = FoyerClient

/**
 * Creates a Foyer client: the state of one app's sign-in on one page. Creating it does no I/O (no fetch, no
 * storage, no `window`): call {@link initialize} to load the app config and restore the session.
 *
 * @param parameters - `{ appId, apiUrl, storage?, fetch?, timeoutMs?, chains?, solanaClusters?, embeddedWallets? }`.
 * @returns A client whose state starts as `{ status: 'loading', appConfig: null, user: null, error: null,
 *   walletCreation: { status: 'idle', chainTypes: [], error: null } }`.
 * @throws {Error} `chains` is given but empty.
 * @throws {InvalidAppIdError} `appId` is not a string of exactly 25 characters (`'invalid_app_id'`).
 * @example
 * const client = createFoyerClient({ appId: 'foyerdemoapp0000000000000', apiUrl: 'http://127.0.0.1:8787' })
 * const unsubscribe = client.subscribe(() => console.log(client.getState().status))
 * await initialize(client)
 */
export function createFoyerClient(parameters: CreateFoyerClientParameters): CreateFoyerClientReturnType {
  const { appId } = parameters
  if (typeof appId !== 'string' || appId.length !== APP_ID_LENGTH) throw new InvalidAppIdError({ appId })
  const apiUrl = parameters.apiUrl.replace(/\/+$/, '')
  if (parameters.chains?.length === 0) throw new Error('`chains` must name at least one chain.')
  const chains = parameters.chains ?? [defaultEthereumChain]
  const solanaClusters = parameters.solanaClusters?.length ? parameters.solanaClusters : defaultSolanaClusters

  let state: FoyerState = {
    status: 'loading',
    appConfig: null,
    user: null,
    error: null,
    walletCreation: idleWalletCreation,
  }
  const listeners = new Set<() => void>()

  let storage: FoyerStorage | undefined
  const getStorage = () => {
    storage ??= parameters.storage ?? resolveDefaultStorage()
    return storage
  }

  let ids: Promise<{ clientId: string; analyticsId: string }> | undefined
  const getIds = () => {
    ids ??= Promise.all([
      readOrCreateId(getStorage(), storageKeys.clientId),
      readOrCreateId(getStorage(), storageKeys.analyticsId),
    ]).then(([clientId, analyticsId]) => ({ clientId, analyticsId }))
    return ids
  }

  let route: ApiRoute = { apiUrl, cookieMode: false }

  const internal: FoyerClientInternal = {
    timeoutMs: parameters.timeoutMs ?? REQUEST_TIMEOUT_MS,
    fetch: (input, init) => (parameters.fetch ?? globalThis.fetch)(input, init),
    storage: getStorage,
    session: createSessionStore({ appId, storage: getStorage }),
    ids: getIds,
    analytics: parameters.analytics !== false,
    setState(patch) {
      const changed = (Object.keys(patch) as (keyof FoyerState)[]).some(
        (key) => !Object.is(state[key], patch[key]),
      )
      if (!changed) return
      state = { ...state, ...patch }
      for (const listener of [...listeners]) listener()
    },
    wallet: createWalletSlot(),
    route: () => route,
    setRoute(next) {
      route = next
    },
    tasks: { initialize: undefined, operations: new Map(), authFlowGeneration: 0 },
  }

  return {
    appId,
    apiUrl,
    chains,
    solanaClusters,
    embeddedWallets: parameters.embeddedWallets ?? {},
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    _internal: internal,
  }
}

/** `walletCreation` when nothing is being created. */
const idleWalletCreation: FoyerState['walletCreation'] = { status: 'idle', chainTypes: [], error: null }

/** The id kept under `key`, or a new random UUID stored there (docs/limits.md). */
async function readOrCreateId(storage: FoyerStorage, key: string): Promise<string> {
  const stored = await storage.get(key).catch(() => null)
  if (stored) return stored
  const id = randomUuid()
  await storage.set(key, id).catch(() => {})
  return id
}
