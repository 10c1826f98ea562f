import type { FoyerStorage } from '../storage/FoyerStorage'
import { storageKeys } from '../storage/storageKeys'

/** The tokens of a session (docs/sessions.md "Session tokens"); `null` = not held. */
export type SessionTokens = {
  readonly accessToken: string | null
  readonly refreshToken: string | null
  readonly identityToken: string | null
  /**
   * A forked-session token (docs/sessions.md "Refresh": used through the recovery endpoint when nothing else
   * is held).
   */
  readonly forkedSessionToken: string | null
}

/** @internal */
export interface SessionStore {
  /** The current tokens, after loading them from storage on first call. */
  load(): Promise<SessionTokens>
  /**
   * Reads storage again and adopts what it holds (another tab may have rotated or wiped the tokens), except
   * for keys whose read fails, which keep their value in memory. In memory-only mode, the current tokens.
   */
  reload(): Promise<SessionTokens>
  /** The current tokens, synchronously; only meaningful after `load()` resolved once. */
  current(): SessionTokens
  /** Bumped on every wipe, so an operation started before a logout can tell not to write afterwards. */
  readonly epoch: number
  /** Updates the given tokens in memory, then in storage (`null` removes the key). */
  write(patch: Partial<SessionTokens>): Promise<void>
  /** Forgets every token, in memory and in storage. */
  wipe(): Promise<void>
  /**
   * Keeps tokens in memory only from now on and forgets the stored ones (storage and memory): server-cookie
   * mode, where the tokens live in HttpOnly cookies and storage must hold none (docs/limits.md).
   */
  useMemoryOnly(): Promise<void>
}

const empty: SessionTokens = {
  accessToken: null,
  refreshToken: null,
  identityToken: null,
  forkedSessionToken: null,
}
const names = Object.keys(empty) as (keyof SessionTokens)[]
const keep = Symbol('keep')

/**
 * The token cache of one client: read from storage once (lazily), then served from memory and written
 * through, so concurrent readers see each other's writes at once. `reload()` re-reads storage for the
 * cross-tab case.
 *
 * @internal
 */
export function createSessionStore(parameters: { appId: string; storage: () => FoyerStorage }): SessionStore {
  const keys = {
    accessToken: storageKeys.accessToken(parameters.appId),
    refreshToken: storageKeys.refreshToken(parameters.appId),
    identityToken: storageKeys.identityToken(parameters.appId),
    forkedSessionToken: storageKeys.forkedSessionToken(parameters.appId),
  } satisfies Record<keyof SessionTokens, string>

  let tokens: SessionTokens = empty
  let loading: Promise<void> | undefined
  let epoch = 0
  let memoryOnly = false

  /** Storage's value per key; `keep` where the read failed. */
  async function readStorage(): Promise<Record<keyof SessionTokens, string | null | typeof keep>> {
    const storage = parameters.storage()
    const values = await Promise.all(
      names.map((name) => storage.get(keys[name]).catch((): typeof keep => keep)),
    )
    return Object.fromEntries(names.map((name, index) => [name, values[index]])) as Record<
      keyof SessionTokens,
      string | null | typeof keep
    >
  }

  function merge(read: Record<keyof SessionTokens, string | null | typeof keep>, base: SessionTokens) {
    const next = { ...base }
    for (const name of names) {
      const value = read[name]
      if (value !== keep) next[name] = value
    }
    return next
  }

  async function firstRead(): Promise<void> {
    const read = await readStorage()
    // A write or wipe that raced the first read wins over what storage held.
    if (tokens === empty && epoch === 0 && !memoryOnly) tokens = merge(read, empty)
  }

  async function persist(patch: Partial<SessionTokens>): Promise<void> {
    if (memoryOnly) return
    const storage = parameters.storage()
    await Promise.all(
      (Object.keys(patch) as (keyof SessionTokens)[]).map((name) => {
        const value = patch[name]
        // A failed write only costs the session at the next page load: never fail the sign-in for it.
        return (value ? storage.set(keys[name], value) : storage.remove(keys[name])).catch(() => {})
      }),
    )
  }

  return {
    async load() {
      loading ??= firstRead()
      await loading
      return tokens
    },
    async reload() {
      loading ??= firstRead()
      await loading
      if (memoryOnly) return tokens
      const read = await readStorage()
      tokens = merge(read, tokens)
      return tokens
    },
    current: () => tokens,
    get epoch() {
      return epoch
    },
    async write(patch) {
      loading ??= firstRead()
      await loading
      tokens = { ...tokens, ...patch }
      await persist(patch)
    },
    async wipe() {
      epoch += 1
      tokens = { ...empty }
      await persist(empty)
    },
    async useMemoryOnly() {
      if (memoryOnly) return
      loading ??= firstRead()
      await loading
      await persist(empty)
      memoryOnly = true
      tokens = { ...empty }
    },
  }
}
