/** The frame origin's IndexedDB database: its name, version and object stores. */
export const frameDatabase = {
  name: 'foyer-wallet',
  /** 1: device shares; 2: device keys. */
  version: 2,
  shares: 'device-shares',
  keys: 'device-keys',
} as const

/**
 * Opens (creating or upgrading) the frame's IndexedDB database `name` with both object stores. Rejects
 * with the browser's error when storage is refused.
 */
export function openFrameDatabase(
  factory: IDBFactory,
  name: string = frameDatabase.name,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, frameDatabase.version)
    request.onupgradeneeded = () => {
      const db = request.result
      for (const store of [frameDatabase.shares, frameDatabase.keys])
        if (!db.objectStoreNames.contains(store)) db.createObjectStore(store)
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** Resolves when the transaction commits, rejects when it fails or aborts. */
export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(transaction.error)
    transaction.onabort = () => reject(transaction.error)
  })
}
