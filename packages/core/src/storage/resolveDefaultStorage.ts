import { createLocalStorage } from './createLocalStorage'
import { createMemoryStorage } from './createMemoryStorage'
import type { FoyerStorage } from './FoyerStorage'

const probeKey = 'foyer:probe'

/**
 * The default storage: localStorage when it exists and accepts a write (a probe key is written and removed),
 * otherwise memory. Called lazily by the client at first use, never at import.
 *
 * @internal
 */
export function resolveDefaultStorage(): FoyerStorage {
  try {
    const localStorage = globalThis.localStorage
    if (!localStorage) return createMemoryStorage()
    localStorage.setItem(probeKey, '1')
    localStorage.removeItem(probeKey)
    return createLocalStorage()
  } catch {
    return createMemoryStorage()
  }
}
