// Issue 15 §2: two server processes on one PostgreSQL and one Redis. A limit of N holds across both (the
// counters live in Redis), and a session made on one refreshes on the other. Skipped without PostgreSQL or
// Debian's redis-server (`.ci/run` installs both).
import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_APP_ID } from '../features/apps/service'
import { createScratchDatabase } from '../test/createTestContext'
import { hasRedisServer, type RedisServer, startRedis } from '../test/startRedis'
import { type ServerProcess, startServerProcess } from '../test/startServerProcess'
import { testPostgresUrl } from '../test/testPostgresUrl'
import { defaultRateLimits } from './resolveRateLimits'

const postgresUrl = testPostgresUrl()
const runnable = Boolean(postgresUrl) && hasRedisServer()

let redis: RedisServer | undefined
let database: { url: string; drop(): Promise<void> } | undefined
const servers: ServerProcess[] = []

async function call(
  server: ServerProcess,
  path: string,
  init: { body?: unknown; bearer?: string | null } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'privy-app-id': DEMO_APP_ID,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

describe.skipIf(!runnable)('two server processes, one PostgreSQL, one Redis (issue 15 §2)', () => {
  beforeAll(async () => {
    redis = await startRedis()
    database = await createScratchDatabase(postgresUrl as string)
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      FOYER_MASTER_KEY: randomBytes(32).toString('base64'),
      FOYER_DEV_MAILBOX: '1',
      FOYER_LOG_LEVEL: 'warn',
      FOYER_DATA_DIR: join(await mkdtemp(join(tmpdir(), 'foyer-two-')), 'data'),
    }
    // One after the other: the first applies the migrations.
    servers.push(await startServerProcess(env))
    servers.push(await startServerProcess(env))
  }, 150_000)
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await database?.drop()
    await redis?.stop()
  }, 60_000)

  test('default: a session made on one process refreshes on the other', { timeout: 60_000 }, async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess]
    const email = 'two-processes@example.com'
    expect((await call(first, '/api/v1/passwordless/init', { body: { email } })).status).toBe(200)
    const mailbox = await call(first, `/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    const code = (mailbox.json.messages as { code: string }[])[0]?.code
    const auth = await call(first, '/api/v1/passwordless/authenticate', { body: { email, code } })
    expect(auth.status).toBe(200)
    const refreshed = await call(second, '/api/v1/sessions', {
      body: { refresh_token: auth.json.refresh_token },
      bearer: auth.json.token as string,
    })
    expect(refreshed.status).toBe(200)
    expect(refreshed.json.refresh_token).not.toBe(auth.json.refresh_token)
    expect((refreshed.json.user as { id: string }).id).toBe((auth.json.user as { id: string }).id)
  })

  test('behavior: a limit of N holds across both processes', { timeout: 90_000 }, async () => {
    const limit = defaultRateLimits.sessions.max
    const statuses: number[] = []
    // Alternate between the processes: each sees only half the calls, the shared counter sees all.
    for (let index = 0; index < limit + 4; index++) {
      const server = servers[index % 2] as ServerProcess
      statuses.push((await call(server, '/api/v1/sessions/logout', { body: {} })).status)
    }
    expect(statuses.slice(0, limit).filter((status) => status === 429)).toHaveLength(0)
    expect(statuses.slice(limit)).toEqual([429, 429, 429, 429])
  })
})
