// The console's users service on PostgreSQL (docs/console.md#users): revoking a user's sessions while their
// refreshes run in parallel (PGlite runs one transaction at a time, so only a connection pool shows the
// race), and the search's index use. Skipped without PostgreSQL (scripts/postgres/vitestGlobalSetup.mjs
// starts a throwaway cluster when it is installed).
import { authResponseSchema } from '@foyer/protocol'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createServerContext } from '../../../createServerContext'
import { defaultMethods } from '../../../defaultPlugins'
import type { ServerContext } from '../../../ServerContext'
import { createTestContext, type TestContext } from '../../../test/createTestContext'
import { testPostgresUrl } from '../../../test/testPostgresUrl'
import { searchUsersSql } from './searchUsers'
import { revokeUserSessions } from './userActions'

const postgresUrl = testPostgresUrl()
let t: TestContext
let context: ServerContext

describe.skipIf(!postgresUrl)('console users on PostgreSQL (connection pool)', () => {
  beforeAll(async () => {
    t = await createTestContext({ databaseUrl: postgresUrl })
    context = createServerContext(
      { db: t.db, masterKey: t.masterKey, env: 'test', now: () => t.now(), methods: defaultMethods() },
      Fastify().log,
    )
  }, 60_000)
  afterAll(async () => {
    await t?.close()
  })

  test('error: refreshes racing a revoke of all sessions: once the revoke returns, every refresh fails', async () => {
    const signIns = []
    for (let index = 0; index < 4; index++) {
      signIns.push(await t.signIn('racing@example.com'))
      t.advance(61_000)
    }
    const userId = signIns[0]?.user.id.split(':').at(-1) ?? ''
    const refresh = (token: string) =>
      t.request({ method: 'POST', url: '/api/v1/sessions', json: { refresh_token: token } })
    // Each session refreshes in a loop while the revoke runs; the loop keeps the newest token it got.
    const latest = signIns.map((auth) => auth.refresh_token ?? '')
    let revoked = false
    const loops = latest.map(async (_, index) => {
      while (!revoked) {
        const response = await refresh(latest[index] ?? '')
        if (response.statusCode !== 200) return
        latest[index] = authResponseSchema.parse(response.json()).refresh_token ?? ''
      }
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    await revokeUserSessions(context, async () => undefined, { userId })
    revoked = true
    await Promise.all(loops)
    const after = await Promise.all(latest.map(refresh))
    expect(after.map((response) => response.statusCode)).toEqual([401, 401, 401, 401])
  })

  test('the search reaches users through the indexes, not by reading every account', async () => {
    const plan = async (query: string) =>
      t.db.orm.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        const result = (await tx.execute(
          sql`explain ${searchUsersSql({ query, limit: 25 })}`,
        )) as unknown as { rows: Array<{ 'QUERY PLAN': string }> }
        return result.rows.map((row) => row['QUERY PLAN']).join('\n')
      })
    const byEmail = await plan('someone@example.com')
    expect(byEmail).toContain('linked_accounts_subject_idx')
    expect(byEmail).toContain('linked_accounts_details_email_idx')
    expect(byEmail).not.toMatch(/Seq Scan on linked_accounts/)
    expect(await plan('0xAbCdEf0123456789aBcDeF0123456789AbCdEf01')).toContain(
      'embedded_wallets_lower_address_idx',
    )
  })
})
