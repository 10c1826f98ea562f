import type { FoyerStorage } from '../storage/FoyerStorage'
import { storageKeys } from '../storage/storageKeys'

/** The tokens of a session (spec 01 §4 "Session tokens"); `null` = not held. */
export type SessionTokens = {
  readonly accessToken: string | null
  readonly refreshToken: string | null
  readonly identityToken: string | null
}

/** @internal */
export interface SessionStore {
  /** The current tokens, after loading them from storage on first call. */
  load(): Promise<SessionTokens>
  /** The current tokens, synchronously; only meaningful after `load()` resolved once. */
  current(): SessionTokens
  /** Bumped on every wipe, so an operation started before a logout can tell not to write afterwards. */
  readonly epoch: number
  /** Updates the given tokens in memory, then in storage (`null` removes the key). */
  write(patch: Partial<SessionTokens>): Promise<void>
  /** Forgets every token, in memory and in storage. */
  wipe(): Promise<void>
}

const empty: SessionTokens = { accessToken: null, refreshToken: null, identityToken: null }

/**
 * The token cache of one client: read from storage once (lazily), then served from memory and written
 * through, so concurrent readers see each other's writes at once.
 *
 * @internal
 */
export function createSessionStore(parameters: { appId: string; storage: () => FoyerStorage }): SessionStore {
  const keys = {
    accessToken: storageKeys.accessToken(parameters.appId),
    refreshToken: storageKeys.refreshToken(parameters.appId),
    identityToken: storageKeys.identityToken(parameters.appId),
  } satisfies Record<keyof SessionTokens, string>
  let tokens: SessionTokens = empty
  let loading: Promise<void> | undefined
  let epoch = 0

  async function read(): Promise<void> {
    const storage = parameters.storage()
    const [accessToken, refreshToken, identityToken] = await Promise.all([
      storage.get(keys.accessToken).catch(() => null),
      storage.get(keys.refreshToken).catch(() => null),
      storage.get(keys.identityToken).catch(() => null),
    ])
    // A write or wipe that raced the first read wins over what storage held.
    if (tokens === empty && epoch === 0) tokens = { accessToken, refreshToken, identityToken }
  }

  async function persist(patch: Partial<SessionTokens>): Promise<void> {
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
      loading ??= read()
      await loading
      return tokens
    },
    current: () => tokens,
    get epoch() {
      return epoch
    },
    async write(patch) {
      loading ??= read()
      await loading
      tokens = { ...tokens, ...patch }
      await persist(patch)
    },
    async wipe() {
      epoch += 1
      tokens = { ...empty }
      await persist(empty)
    },
  }
}
