import { afterEach, expect, test, vi } from 'vitest'
import { createLocalStorage } from './createLocalStorage'

afterEach(() => {
  vi.unstubAllGlobals()
})

test('default: reads and writes globalThis.localStorage at call time', async () => {
  const storage = createLocalStorage() // created before localStorage exists
  const values = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  })
  await storage.set('k', 'v')
  expect(values.get('k')).toBe('v')
  expect(await storage.get('k')).toBe('v')
  await storage.remove('k')
  expect(values.has('k')).toBe(false)
})

test('behavior: platform failures are absorbed', async () => {
  const storage = createLocalStorage()
  const fail = () => {
    throw new DOMException('quota', 'QuotaExceededError')
  }
  vi.stubGlobal('localStorage', { getItem: fail, setItem: fail, removeItem: fail })
  await expect(storage.set('k', 'v')).resolves.toBeUndefined()
  await expect(storage.get('k')).resolves.toBeNull()
  await expect(storage.remove('k')).resolves.toBeUndefined()
})

test('behavior: no localStorage at all (server rendering)', async () => {
  const storage = createLocalStorage()
  await expect(storage.get('k')).resolves.toBeNull()
  await expect(storage.set('k', 'v')).resolves.toBeUndefined()
})
