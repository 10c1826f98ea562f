// Two server processes behind nginx (the README's sample configuration) on one PostgreSQL and one Redis behave
// as one server (docs/operations.md, "Several processes"): calls spread across both, a session made on one
// refreshes on the other, rate limits are shared, a refresh-token reuse seen by one revokes the family on the
// other, a user changed on one is never served stale by the other, and a process killed under load loses no
// sign-in it answered. Skipped without PostgreSQL, Debian's redis-server or nginx (`.ci/run` installs all three).
import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_APP_ID } from '../demo/demoApps'
import { createScratchDatabase } from '../test/createTestContext'
import { type NginxProxy, nginxBin, startNginx } from '../test/startNginx'
import { hasRedisServer, type RedisServer, startRedis } from '../test/startRedis'
import { type ServerProcess, startServerProcess } from '../test/startServerProcess'
import { testPostgresUrl } from '../test/testPostgresUrl'
import { defaultRateLimits } from './resolveRateLimits'

const postgresUrl = testPostgresUrl()
const runnable = Boolean(postgresUrl) && hasRedisServer() && nginxBin() !== undefined

let redis: RedisServer | undefined
let database: { url: string; drop(): Promise<void> } | undefined
let proxy: NginxProxy | undefined
const servers: ServerProcess[] = []

type Answer = { status: number; json: Record<string, unknown>; upstream: string | null }

/** One call to `baseUrl` (a process or the proxy); a network error answers status 0. */
async function call(
  baseUrl: string,
  path: string,
  init: { body?: unknown; bearer?: string | null; headers?: Record<string, string> } = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        'privy-app-id': DEMO_APP_ID,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(15_000),
    })
    const text = await response.text()
    let json: Record<string, unknown> = {}
    try {
      json = JSON.parse(text) as Record<string, unknown>
    } catch {
      // nginx's own 502 page
    }
    return { status: response.status, json, upstream: response.headers.get('x-upstream') }
  } catch {
    return { status: 0, json: {}, upstream: null }
  }
}

/** The newest code sent to `email`, from whichever process sent it (each keeps its own dev mailbox). */
async function readCode(email: string): Promise<string | undefined> {
  for (const server of servers) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) continue
    const mailbox = await call(server.url, `/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    const code = (mailbox.json.messages as { code: string }[] | undefined)?.[0]?.code
    if (code) return code
  }
  return undefined
}

type SignIn = { token: string; refreshToken: string; userId: string; upstreams: (string | null)[] }

/** An email sign-in through `baseUrl`; undefined when any step fails (e.g. its process was killed). */
async function signIn(baseUrl: string, email: string): Promise<SignIn | undefined> {
  const init = await call(baseUrl, '/api/v1/passwordless/init', { body: { email } })
  if (init.status !== 200) return undefined
  const code = await readCode(email)
  if (!code) return undefined
  const auth = await call(baseUrl, '/api/v1/passwordless/authenticate', { body: { email, code } })
  if (auth.status !== 200) return undefined
  return {
    token: auth.json.token as string,
    refreshToken: auth.json.refresh_token as string,
    userId: (auth.json.user as { id: string }).id,
    upstreams: [init.upstream, auth.upstream],
  }
}

function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString('hex')}@example.com`
}

describe.skipIf(!runnable)('two server processes behind nginx, one PostgreSQL, one Redis', () => {
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
      FOYER_TRUST_PROXY: '1',
      // The shortest grace window, so a reuse test need not wait 10 s (README, "Refresh-token grace window").
      FOYER_REFRESH_GRACE: '1',
      FOYER_DATA_DIR: join(await mkdtemp(join(tmpdir(), 'foyer-two-')), 'data'),
    }
    // One after the other: the first applies the migrations.
    servers.push(await startServerProcess(env))
    servers.push(await startServerProcess(env))
    proxy = await startNginx(servers.map((server) => server.url))
  }, 150_000)
  afterAll(async () => {
    await proxy?.stop()
    for (const server of servers) await server.stop()
    await database?.drop()
    await redis?.stop()
  }, 60_000)

  test('default: sign-ins, session reads and refreshes through the proxy spread across both processes', {
    timeout: 60_000,
  }, async () => {
    const served = { signIn: new Set<string>(), read: new Set<string>(), refresh: new Set<string>() }
    const sessions: SignIn[] = []
    for (let index = 0; index < 4; index++) {
      const session = await signIn(proxy?.url as string, uniqueEmail('spread'))
      expect(session).toBeDefined()
      for (const upstream of session?.upstreams ?? []) if (upstream) served.signIn.add(upstream)
      if (session) sessions.push(session)
    }
    // Consecutive calls of one kind, so round-robin gives each process some of them whatever came before.
    for (const session of sessions) {
      const me = await call(proxy?.url as string, '/api/v1/users/me', { bearer: session.token })
      expect(me.status).toBe(200)
      expect((me.json.user as { id: string }).id).toBe(session.userId)
      if (me.upstream) served.read.add(me.upstream)
    }
    for (const session of sessions) {
      const refreshed = await call(proxy?.url as string, '/api/v1/sessions', {
        body: { refresh_token: session.refreshToken },
        bearer: session.token,
      })
      expect(refreshed.status).toBe(200)
      expect((refreshed.json.user as { id: string }).id).toBe(session.userId)
      if (refreshed.upstream) served.refresh.add(refreshed.upstream)
    }
    const upstreams = servers.map((server) => new URL(server.url).host)
    expect([...served.signIn].sort()).toEqual([...upstreams].sort())
    expect([...served.read].sort()).toEqual([...upstreams].sort())
    expect([...served.refresh].sort()).toEqual([...upstreams].sort())
  })

  test('behavior: a session made on one process refreshes on the other', { timeout: 60_000 }, async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess]
    const session = await signIn(first.url, uniqueEmail('two-processes'))
    expect(session).toBeDefined()
    const refreshed = await call(second.url, '/api/v1/sessions', {
      body: { refresh_token: session?.refreshToken },
      bearer: session?.token ?? null,
    })
    expect(refreshed.status).toBe(200)
    expect(refreshed.json.refresh_token).not.toBe(session?.refreshToken)
    expect((refreshed.json.user as { id: string }).id).toBe(session?.userId)
  })

  test('behavior: a refresh-token reuse seen by one process revokes the session on the other', {
    timeout: 60_000,
  }, async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess]
    const session = await signIn(first.url, uniqueEmail('reuse'))
    expect(session).toBeDefined()
    const rotated = await call(first.url, '/api/v1/sessions', {
      body: { refresh_token: session?.refreshToken },
      bearer: session?.token ?? null,
    })
    expect(rotated.status).toBe(200)
    // Past the 1 s grace window, the first refresh token presented again is a theft signal.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const replayed = await call(second.url, '/api/v1/sessions', {
      body: { refresh_token: session?.refreshToken },
      bearer: session?.token ?? null,
    })
    expect(replayed.status).toBe(401)
    const successor = await call(first.url, '/api/v1/sessions', {
      body: { refresh_token: rotated.json.refresh_token },
      bearer: rotated.json.token as string,
    })
    expect(successor.status).toBe(401)
  })

  test('behavior: a user changed or logged out on one process is never served stale by the other', {
    timeout: 60_000,
  }, async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess]
    const session = await signIn(first.url, uniqueEmail('stale'))
    expect(session).toBeDefined()
    const read = () => call(second.url, '/api/v1/users/me', { bearer: session?.token ?? null })
    // The second process keeps the user's JSON…
    expect(((await read()).json.user as { has_accepted_terms: boolean }).has_accepted_terms).toBe(false)
    // …the first changes the user…
    const accepted = await call(first.url, '/api/v1/users/me/accept_terms', {
      body: {},
      bearer: session?.token ?? null,
    })
    expect(accepted.status).toBe(200)
    // …and the second's very next read shows it.
    expect(((await read()).json.user as { has_accepted_terms: boolean }).has_accepted_terms).toBe(true)
    const logout = await call(first.url, '/api/v1/sessions/logout', {
      body: {},
      bearer: session?.token ?? null,
    })
    expect(logout.status).toBeLessThan(300)
    expect((await read()).status).toBe(401)
  })

  test('behavior: a limit of N holds across both processes', { timeout: 90_000 }, async () => {
    const limit = defaultRateLimits.sessions.max
    const statuses: number[] = []
    // Alternate between the processes: each sees only half the calls, the shared counter sees all.
    for (let index = 0; index < limit + 4; index++) {
      const server = servers[index % 2] as ServerProcess
      // A client address of its own (the processes trust one proxy hop), so other tests' calls do not count.
      const headers = { 'x-forwarded-for': '203.0.113.7' }
      statuses.push((await call(server.url, '/api/v1/sessions/logout', { body: {}, headers })).status)
    }
    expect(statuses.slice(0, limit).filter((status) => status === 429)).toHaveLength(0)
    expect(statuses.slice(limit)).toEqual([429, 429, 429, 429])
  })

  // Last: it kills the first process.
  test('behavior: a process killed under load loses no sign-in it answered', {
    timeout: 90_000,
  }, async () => {
    const committed: SignIn[] = []
    let killed = false
    const worker = async (workerIndex: number) => {
      for (let round = 0; round < 5; round++) {
        const session = await signIn(proxy?.url as string, uniqueEmail(`load-${workerIndex}-${round}`))
        if (session) committed.push(session)
        if (!killed && committed.length >= 6) {
          killed = true
          servers[0]?.child.kill('SIGKILL')
        }
      }
    }
    await Promise.all([0, 1, 2, 3, 4].map(worker))
    expect(killed).toBe(true)
    // The survivor kept signing people in after the kill.
    expect(committed.length).toBeGreaterThan(6)
    // Every sign-in that was answered is in the database: its session refreshes on the survivor.
    const survivor = servers[1] as ServerProcess
    for (const session of committed) {
      const refreshed = await call(survivor.url, '/api/v1/sessions', {
        body: { refresh_token: session.refreshToken },
        bearer: session.token,
      })
      expect(refreshed.status, session.userId).toBe(200)
      expect((refreshed.json.user as { id: string }).id).toBe(session.userId)
    }
  })
})
