import type { FoyerStorage } from './FoyerStorage'

/**
 * A {@link FoyerStorage} that keeps values in memory for the life of the page: the fallback when
 * localStorage is unusable (server rendering, privacy modes), and handy in tests.
 *
 * @returns A new, empty storage; two calls never share values.
 * @example
 * const client = createFoyerClient({ appId, apiUrl, storage: createMemoryStorage() })
 */
export function createMemoryStorage(): FoyerStorage {
  const values = new Map<string, string>()
  return {
    async get(key) {
      return values.get(key) ?? null
    },
    async set(key, value) {
      values.set(key, value)
    },
    async remove(key) {
      values.delete(key)
    },
  }
}
