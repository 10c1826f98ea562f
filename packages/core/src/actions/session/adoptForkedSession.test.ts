import { describe, expect, test } from 'vitest'
import { apiError, createTestApi, createTestClient, testStorageKey } from '../../../test/createTestApi'
import { ApiError } from '../../errors/ApiError'
import { createMemoryStorage } from '../../storage/createMemoryStorage'
import { adoptForkedSession } from './adoptForkedSession'

describe('adoptForkedSession', () => {
  test('default: replaces the held tokens with the forked token and redeems it', async () => {
    const api = createTestApi()
    api.forkedTokens.add('forked-0')
    const storage = createMemoryStorage()
    await storage.set(testStorageKey('refresh_token'), 'refresh-of-someone-else')
    const client = createTestClient(api, { storage })
    const user = await adoptForkedSession(client, { forkedSessionToken: 'forked-0' })
    expect(user?.id).toBe('did:foyer:user-1')
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/v1/sessions/fork/recover',
    ])
    expect(await storage.get(testStorageKey('refresh_token'))).toBe('refresh-1')
    expect(await storage.get(testStorageKey('forked_session_token'))).toBeNull()
  })

  test('error: a refused forked token leaves no session', async () => {
    const api = createTestApi()
    const storage = createMemoryStorage()
    const client = createTestClient(api, { storage })
    expect(await adoptForkedSession(client, { forkedSessionToken: 'forked-bogus' })).toBeNull()
    expect(await storage.get(testStorageKey('forked_session_token'))).toBeNull()
  })

  test('behavior: another failure keeps the forked token for a later refresh', async () => {
    const api = createTestApi()
    api.forkedTokens.add('forked-0')
    api.on('POST /api/v1/sessions/fork/recover', () => apiError(400, 'invalid_request'))
    const storage = createMemoryStorage()
    const client = createTestClient(api, { storage })
    await expect(adoptForkedSession(client, { forkedSessionToken: 'forked-0' })).rejects.toBeInstanceOf(
      ApiError,
    )
    expect(await storage.get(testStorageKey('forked_session_token'))).toBe('forked-0')
  })
})
