import type { FoyerStorage } from './FoyerStorage'

/**
 * A {@link FoyerStorage} over the browser's `localStorage`. `globalThis.localStorage` is looked up on every
 * call, never at import or creation, so this is safe to create during server rendering. Platform failures
 * (no localStorage, `SecurityError`, `QuotaExceededError`) are absorbed: `get` answers `null`, `set` and
 * `remove` do nothing — a lost write only means the user signs in again.
 *
 * @returns A storage over `localStorage`.
 * @example
 * const client = createFoyerClient({ appId, apiUrl, storage: createLocalStorage() })
 */
export function createLocalStorage(): FoyerStorage {
  return {
    async get(key) {
      try {
        return globalThis.localStorage.getItem(key)
      } catch {
        return null
      }
    },
    async set(key, value) {
      try {
        globalThis.localStorage.setItem(key, value)
      } catch {}
    },
    async remove(key) {
      try {
        globalThis.localStorage.removeItem(key)
      } catch {}
    },
  }
}
