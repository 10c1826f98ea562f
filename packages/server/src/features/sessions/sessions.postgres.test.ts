// The live-session cap under real concurrency: PGlite runs one transaction at a time, so only PostgreSQL
// with a connection pool shows whether parallel session creations of one user can leave more than the cap
// live. Skipped without PostgreSQL (scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster when
// it is installed).
import { forkSessionResponseSchema } from '@foyer/protocol'
import { and, count, eq, isNull } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { useTestContext } from '../../test/useTestContext'
import { sessions } from './schema'

const postgresUrl = testPostgresUrl()
const CAP = 5
const PARALLEL = 30
describe.skipIf(!postgresUrl)('the live-session cap on PostgreSQL (connection pool)', () => {
  const t = useTestContext({ databaseUrl: postgresUrl, maxLiveSessionsPerUser: CAP })

  test('error: 30 parallel forks of one session leave at most the cap of live sessions', async () => {
    const auth = await t.signIn('race-cap@example.com')
    const userId = auth.user.id.split(':').at(-1) ?? ''
    // One refresh token for all: the rotation's grace window answers every retry, and each creates a fork.
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.request({
          method: 'POST',
          url: '/api/v1/sessions/fork',
          json: { refresh_token: auth.refresh_token },
          bearer: auth.token ?? undefined,
        }),
      ),
    )
    const forked = responses.filter((response) => response.statusCode === 200)
    expect(forked.length).toBeGreaterThan(CAP)
    for (const response of forked) forkSessionResponseSchema.parse(response.json())
    const [live] = await t.db.orm
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    expect(Number(live?.n)).toBe(CAP)
  })
})
