import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createApp } from '../../createApp'
import { openDatabase } from '../../db/openDatabase'
import { createTestContext } from '../../test/createTestContext'
import { useTestContext } from '../../test/useTestContext'

const t = useTestContext()

describe('GET /healthz and /readyz', () => {
  test('default: alive and ready, without app id or session', async () => {
    const health = await t.request({ method: 'GET', url: '/healthz', appId: null })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok' })
    const ready = await t.request({ method: 'GET', url: '/readyz', appId: null })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready' })
  })

  test('error: a database without the migrations → /readyz 503, /healthz still 200', async () => {
    const db = await openDatabase({})
    const app = await createApp({ db, masterKey: randomBytes(32), env: 'test', rateLimits: false })
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual({ error: 'Not ready: migrations not applied', code: 'internal_error' })
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    } finally {
      await app.close()
      await db.close()
    }
    // A fresh PGlite initialises its whole cluster (the other tests copy a migrated template): seconds on
    // a busy machine.
  }, 60_000)

  test('error: an unreachable database → /readyz 503', async () => {
    const broken = await createTestContext()
    await broken.db.close()
    const ready = await broken.request({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ error: 'Not ready: database unreachable', code: 'internal_error' })
    await broken.app.close()
  })
})
