import { createMemoryShareStore } from './createMemoryShareStore'
import type { DeviceShareStore } from './DeviceShareStore'
import { frameDatabase, openFrameDatabase, transactionDone } from './openFrameDatabase'

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/**
 * A {@link DeviceShareStore} in IndexedDB (database `foyer-wallet`, object store `device-shares`, see
 * `openFrameDatabase`) on the frame's origin, which the host page cannot read (docs/security.md). Values
 * are raw bytes.
 *
 * When the browser refuses storage to the frame (a cross-site frame while third-party cookies are blocked:
 * Chromium's incognito windows, or the user's or a policy's setting; see
 * docs/security.md#the-wallet-frames-storage-across-sites), every call goes to `fallback` instead (default:
 * memory for this page's life), so the wallet still works until a reload, after which the frame's new
 * device key needs a new sign-in before the wallet is used again. `onUnavailable` is told once.
 *
 * @example const store = createIndexedDbShareStore(indexedDB)
 */
export function createIndexedDbShareStore(
  factory: IDBFactory | undefined,
  options: { name?: string; fallback?: DeviceShareStore; onUnavailable?: (error: unknown) => void } = {},
): DeviceShareStore {
  const name = options.name ?? frameDatabase.name
  const fallback = options.fallback ?? createMemoryShareStore()
  let unavailable = factory === undefined
  const storeName = frameDatabase.shares
  let opened: Promise<IDBDatabase> | undefined
  function open(): Promise<IDBDatabase> {
    if (!factory) return Promise.reject(new Error('IndexedDB is not available'))
    opened ??= openFrameDatabase(factory, name).catch((error: unknown) => {
      opened = undefined
      throw error
    })
    return opened
  }
  async function run<T>(
    mode: IDBTransactionMode,
    action: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> {
    const db = await open()
    const transaction = db.transaction(storeName, mode)
    const result = await promisify(action(transaction.objectStore(storeName)))
    if (mode === 'readwrite') await transactionDone(transaction)
    return result
  }
  /** Runs `primary` against IndexedDB, or `secondary` on the fallback once IndexedDB proved unusable. */
  async function either<T>(primary: () => Promise<T>, secondary: () => Promise<T>): Promise<T> {
    if (!unavailable) {
      try {
        await open()
      } catch (error) {
        unavailable = true
        options.onUnavailable?.(error)
      }
    }
    return unavailable ? secondary() : primary()
  }
  return {
    get: (key) =>
      either(
        async () => {
          const value: unknown = await run('readonly', (store) => store.get(key))
          return value instanceof Uint8Array ? value : null
        },
        () => fallback.get(key),
      ),
    set: (key, share) =>
      either(
        async () => {
          await run('readwrite', (store) => store.put(share, key))
        },
        () => fallback.set(key, share),
      ),
    delete: (key) =>
      either(
        async () => {
          await run('readwrite', (store) => store.delete(key))
        },
        () => fallback.delete(key),
      ),
  }
}
