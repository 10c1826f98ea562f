import { afterEach, expect, test, vi } from 'vitest'
import { signAccessToken, testAppId } from '../../test/createTestApi'
import { inspectAccessToken } from './inspectAccessToken'

afterEach(() => {
  vi.useRealTimers()
})

test('default: reads exp and aud', async () => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2030-01-01T00:00:00Z'))
  const info = inspectAccessToken(await signAccessToken({ ttlSeconds: 3600 }))
  expect(info).toEqual({
    expiresAt: Date.UTC(2030, 0, 1, 1) / 1000,
    appIds: [testAppId],
    subject: 'did:foyer:user-1',
    expiring: false,
  })
})

test('behavior: aid wins over aud', async () => {
  const info = inspectAccessToken(await signAccessToken({ aid: 'app-a', aud: 'app-b' }))
  expect(info?.appIds).toEqual(['app-a'])
})

test('behavior: expiring at exactly 30 s left, not at 31 s', async () => {
  vi.useFakeTimers()
  const start = new Date('2030-01-01T00:00:00Z').getTime()
  vi.setSystemTime(start)
  const token = await signAccessToken({ ttlSeconds: 60 })
  vi.setSystemTime(start + 29_000)
  expect(inspectAccessToken(token)?.expiring).toBe(false)
  vi.setSystemTime(start + 30_000)
  expect(inspectAccessToken(token)?.expiring).toBe(true)
})

test.each(['', 'a.b', 'a.b.c', 'x.eyJzdWIiOiJhIn0.y'])('error: %j cannot be parsed', (token) => {
  expect(inspectAccessToken(token)).toBeNull()
})
