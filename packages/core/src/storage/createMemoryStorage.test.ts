import { expect, test } from 'vitest'
import { createMemoryStorage } from './createMemoryStorage'

test('default: get, set, remove', async () => {
  const storage = createMemoryStorage()
  expect(await storage.get('k')).toBeNull()
  await storage.set('k', 'v')
  expect(await storage.get('k')).toBe('v')
  await storage.remove('k')
  expect(await storage.get('k')).toBeNull()
  await expect(storage.remove('absent')).resolves.toBeUndefined()
})

test('behavior: two storages never share values', async () => {
  const a = createMemoryStorage()
  const b = createMemoryStorage()
  await a.set('k', 'v')
  expect(await b.get('k')).toBeNull()
})
