import { createSharedMemoryDeviceKeyStore } from './createSharedMemoryDeviceKeyStore'
import { type DeviceKeyStore, isKeyPair } from './DeviceKeyStore'
import { frameDatabase, openFrameDatabase, transactionDone } from './openFrameDatabase'

/**
 * A {@link DeviceKeyStore} in the frame origin's IndexedDB (object store `device-keys`, one key pair per
 * app under `appId`). IndexedDB keeps a `CryptoKey` as a structured clone, still non-extractable. When the
 * browser refuses storage to the frame (docs/security.md#the-wallet-frames-storage-across-sites), the key
 * lives in memory, shared by the frame's pages of this
 * browser (`createSharedMemoryDeviceKeyStore`; `onUnavailable` is told once); using the wallet after every
 * such page was closed then needs a new sign-in.
 *
 * @example const keys = createIndexedDbDeviceKeyStore(indexedDB, { appId })
 */
export function createIndexedDbDeviceKeyStore(
  factory: IDBFactory | undefined,
  options: { appId: string; name?: string; onUnavailable?: (error: unknown) => void },
): DeviceKeyStore {
  const fallback = createSharedMemoryDeviceKeyStore({ appId: options.appId })
  const key = `device-key:${options.appId}`
  let opened: Promise<IDBDatabase | null> | undefined
  function open(): Promise<IDBDatabase | null> {
    opened ??= (
      factory
        ? openFrameDatabase(factory, options.name)
        : Promise.reject(new Error('IndexedDB is not available'))
    ).catch((error: unknown) => {
      options.onUnavailable?.(error)
      return null
    })
    return opened
  }
  return {
    async get() {
      const db = await open()
      if (!db) return fallback.get()
      const transaction = db.transaction(frameDatabase.keys, 'readonly')
      const request = transaction.objectStore(frameDatabase.keys).get(key)
      await transactionDone(transaction)
      return isKeyPair(request.result) ? request.result : null
    },
    async putIfAbsent(pair) {
      const db = await open()
      if (!db) return fallback.putIfAbsent(pair)
      // One read-write transaction: two frames (two tabs) racing to create a key keep the same one.
      const transaction = db.transaction(frameDatabase.keys, 'readwrite')
      const store = transaction.objectStore(frameDatabase.keys)
      let stored = pair
      const request = store.get(key)
      request.onsuccess = () => {
        if (isKeyPair(request.result)) stored = request.result
        else store.put(pair, key)
      }
      await transactionDone(transaction)
      return stored
    },
    async delete() {
      const db = await open()
      if (!db) return fallback.delete()
      const transaction = db.transaction(frameDatabase.keys, 'readwrite')
      transaction.objectStore(frameDatabase.keys).delete(key)
      await transactionDone(transaction)
    },
  }
}
