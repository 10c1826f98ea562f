import { describe, expect, test, vi } from 'vitest'
import { createIndexedDbShareStore } from './createIndexedDbShareStore'

/** An IDBFactory whose `open` fails like Chromium's when third-party storage is blocked. */
function refusingFactory(): IDBFactory {
  return {
    open() {
      const request = {
        error: new DOMException('The user denied permission to access the database.', 'UnknownError'),
      } as {
        onerror?: () => void
        error: DOMException
      }
      setTimeout(() => request.onerror?.(), 0)
      return request as unknown as IDBOpenDBRequest
    },
  } as unknown as IDBFactory
}

describe('createIndexedDbShareStore', () => {
  test('behavior: storage refused → shares kept in memory for the page; told once', async () => {
    const onUnavailable = vi.fn()
    const store = createIndexedDbShareStore(refusingFactory(), { onUnavailable })
    expect(await store.get('k')).toBeNull()
    await store.set('k', new Uint8Array([1, 2, 3]))
    expect(await store.get('k')).toEqual(new Uint8Array([1, 2, 3]))
    await store.delete('k')
    expect(await store.get('k')).toBeNull()
    expect(onUnavailable).toHaveBeenCalledTimes(1)
  })

  test('behavior: no IndexedDB at all → memory', async () => {
    const store = createIndexedDbShareStore(undefined)
    await store.set('k', new Uint8Array([9]))
    expect(await store.get('k')).toEqual(new Uint8Array([9]))
  })
})
