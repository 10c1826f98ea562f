import type { AppConfig, ChainType, User } from '@foyer/protocol'
import type { FoyerChain } from '../chains/FoyerChain'
import type { SolanaCluster } from '../chains/SolanaCluster'
import type { FoyerError } from '../errors/BaseError'
import type { SessionStore } from '../session/createSessionStore'
import type { FoyerStorage } from '../storage/FoyerStorage'
import type { EmbeddedWalletsConfig } from '../wallet/EmbeddedWalletsConfig'
import type { WalletSlot } from '../wallet/WalletSlot'

/** Lifecycle of a client: `'loading'` until {@link initialize} settles, then `'ready'` or `'error'`. */
export type FoyerStatus = 'loading' | 'ready' | 'error'

/**
 * An immutable snapshot of a client's state, for React's `useSyncExternalStore`: `getState()` returns the
 * same object until something changes, then a new one.
 */
export interface FoyerState {
  /** `'ready'` once the app config loaded and the session was restored (docs/sessions.md). */
  readonly status: FoyerStatus
  /** `GET /api/v1/apps/{appId}`; `null` until loaded. */
  readonly appConfig: AppConfig | null
  /** The signed-in user; `null` means not authenticated. */
  readonly user: User | null
  /** Why `status` is `'error'` (e.g. the app config failed to load); `null` otherwise. */
  readonly error: FoyerError | null
  /**
   * Embedded wallets being created after sign-in (docs/modal.md "Wallet creation: started, then completed or
   * failed"): `status` `'creating'` while any creation runs, `'error'` with the failure after one failed.
   */
  readonly walletCreation: WalletCreationState
}

/** See {@link FoyerState} `walletCreation`. */
export type WalletCreationState = {
  readonly status: 'idle' | 'creating' | 'error'
  /** The chain types being created. */
  readonly chainTypes: readonly ChainType[]
  readonly error: FoyerError | null
}

/**
 * A Foyer client: the app it serves, the server it talks to, and its state. Create it with
 * {@link createFoyerClient}; act on it with the actions (`initialize(client)`, `sendEmailCode(client, …)`…).
 * All state belongs to the instance: two clients on one page never share anything but storage.
 */
export interface FoyerClient {
  /** The 25-character app id. */
  readonly appId: string
  /** The server's base URL, without a trailing slash. */
  readonly apiUrl: string
  /** The Ethereum chains the embedded wallet may use; the first is the default. */
  readonly chains: readonly FoyerChain[]
  /** The Solana clusters the embedded Solana wallet may send through; the first is the default. */
  readonly solanaClusters: readonly SolanaCluster[]
  /** Host-side embedded wallet options. */
  readonly embeddedWallets: EmbeddedWalletsConfig
  /** The current state snapshot; a new object only when something changed. */
  getState(): FoyerState
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /**
   * Plumbing the actions share. Not part of the public API: it may change in any release.
   *
   * @internal
   */
  readonly _internal: FoyerClientInternal
}

/** The operations that run one at a time per client (docs/sessions.md). */
export type ExclusiveOperation = 'authenticate' | 'link' | 'refresh' | 'destroy' | 'fork'

/** Where calls go and how the session travels; fixed by {@link initialize} from the app config. */
export type ApiRoute = {
  /** Base URL for every call but the app config: the app's `custom_api_url` when set, else the client's. */
  readonly apiUrl: string
  /** Server-cookie mode (docs/limits.md): tokens live in HttpOnly cookies; storage holds none. */
  readonly cookieMode: boolean
}

/** @internal */
export interface FoyerClientInternal {
  /** Request timeout, in ms. */
  readonly timeoutMs: number
  /** The `fetch` to call, resolved at call time. */
  readonly fetch: typeof fetch
  /** The storage, resolved at first use. */
  storage(): FoyerStorage
  /** Tokens, loaded lazily from storage and written through. */
  readonly session: SessionStore
  /** The per-browser client id and analytics id, read or generated once. */
  ids(): Promise<{ clientId: string; analyticsId: string }>
  /** Whether the SDK's own analytics events are sent (`createFoyerClient({ analytics })`, default true). */
  readonly analytics: boolean
  /** Merges `patch` into the state; notifies listeners only when a field changed identity. */
  setState(patch: Partial<FoyerState>): void
  /** The embedded wallet's runtime state (frame proxy, unlocked wallets, registered UI). */
  readonly wallet: WalletSlot
  /** The current route; `{ apiUrl: client.apiUrl, cookieMode: false }` until the app config is loaded. */
  route(): ApiRoute
  /** Replaces the route (initialize, after loading the app config). */
  setRoute(route: ApiRoute): void
  /** In-flight operations. */
  readonly tasks: {
    initialize: Promise<void> | undefined
    /** Per operation, the call in flight and the key of its parameters (see `runExclusive`). */
    readonly operations: Map<ExclusiveOperation, { key: string; promise: Promise<unknown> }>
    /**
     * Bumped by logout: an authentication that started before answers `NoAuthFlowError` (docs/sessions.md).
     */
    authFlowGeneration: number
    /** Stops following the other tabs' sign-ins and logouts; set once the client is ready. */
    stopCrossTabSession?: () => void
  }
}
