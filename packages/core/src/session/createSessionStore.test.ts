import { describe, expect, test } from 'vitest'
import { createMemoryStorage } from '../storage/createMemoryStorage'
import type { FoyerStorage } from '../storage/FoyerStorage'
import { createSessionStore } from './createSessionStore'

const appId = 'testapp000000000000000000'
const key = (name: string) => `foyer:${appId}:${name}`

function setup(storage: FoyerStorage = createMemoryStorage()) {
  return { storage, store: createSessionStore({ appId, storage: () => storage }) }
}

describe('createSessionStore', () => {
  test('default: loads once from storage, then serves memory and writes through', async () => {
    const { storage, store } = setup()
    await storage.set(key('access_token'), 'a0')
    await storage.set(key('forked_session_token'), 'f0')
    expect(await store.load()).toEqual({
      accessToken: 'a0',
      refreshToken: null,
      identityToken: null,
      forkedSessionToken: 'f0',
    })
    await storage.set(key('access_token'), 'changed elsewhere')
    expect((await store.load()).accessToken).toBe('a0')
    await store.write({ refreshToken: 'r1', forkedSessionToken: null })
    expect(await storage.get(key('refresh_token'))).toBe('r1')
    expect(await storage.get(key('forked_session_token'))).toBeNull()
  })

  test('behavior: reload adopts what another tab wrote to storage', async () => {
    const { storage, store } = setup()
    await store.write({ accessToken: 'a0', refreshToken: 'r0' })
    await storage.set(key('access_token'), 'a1')
    await storage.set(key('refresh_token'), 'r1')
    expect(await store.reload()).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' })
    expect(store.current().refreshToken).toBe('r1')
  })

  test('behavior: reload keeps memory for keys whose read fails', async () => {
    const values = new Map<string, string>()
    let failing = false
    const storage: FoyerStorage = {
      get: async (k) => {
        if (failing) throw new Error('boom')
        return values.get(k) ?? null
      },
      set: async (k, v) => void values.set(k, v),
      remove: async (k) => void values.delete(k),
    }
    const { store } = setup(storage)
    await store.write({ accessToken: 'a0', refreshToken: 'r0' })
    failing = true
    expect(await store.reload()).toMatchObject({ accessToken: 'a0', refreshToken: 'r0' })
  })

  test('behavior: wipe bumps the epoch and clears storage', async () => {
    const { storage, store } = setup()
    await store.write({ accessToken: 'a0', refreshToken: 'r0', forkedSessionToken: 'f0' })
    const epoch = store.epoch
    await store.wipe()
    expect(store.epoch).toBe(epoch + 1)
    expect(await storage.get(key('forked_session_token'))).toBeNull()
    expect(store.current().accessToken).toBeNull()
  })

  test('behavior: memory-only mode removes stored tokens and never writes storage again (server-cookie mode)', async () => {
    const { storage, store } = setup()
    await storage.set(key('access_token'), 'stale')
    await storage.set(key('refresh_token'), 'stale')
    await store.useMemoryOnly()
    expect(await storage.get(key('access_token'))).toBeNull()
    expect(await storage.get(key('refresh_token'))).toBeNull()
    await store.write({ accessToken: 'a1' })
    expect(store.current().accessToken).toBe('a1')
    expect(await storage.get(key('access_token'))).toBeNull()
    await storage.set(key('refresh_token'), 'planted')
    expect((await store.reload()).refreshToken).toBeNull() // storage is not a source any more
  })
})
