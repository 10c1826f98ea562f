import type { DeviceShareStore } from './DeviceShareStore'

/**
 * A {@link DeviceShareStore} in memory (tests; a "new device" is a new store).
 *
 * @example const store = createMemoryShareStore()
 */
export function createMemoryShareStore(): DeviceShareStore & { readonly size: number } {
  const shares = new Map<string, Uint8Array>()
  return {
    get size() {
      return shares.size
    },
    async get(key) {
      const share = shares.get(key)
      return share ? share.slice() : null
    },
    async set(key, share) {
      shares.set(key, share.slice())
    },
    async delete(key) {
      shares.delete(key)
    },
  }
}
