import type { DeviceKeyStore } from './DeviceKeyStore'

/**
 * A {@link DeviceKeyStore} in memory: tests (a "new browser" is a new store), and the fallback when the
 * browser refuses the frame storage (the key then lives as long as the page).
 *
 * @example const keys = createMemoryDeviceKeyStore()
 */
export function createMemoryDeviceKeyStore(): DeviceKeyStore {
  let stored: CryptoKeyPair | null = null
  return {
    async get() {
      return stored
    },
    async putIfAbsent(pair) {
      stored ??= pair
      return stored
    },
    async delete() {
      stored = null
    },
  }
}
