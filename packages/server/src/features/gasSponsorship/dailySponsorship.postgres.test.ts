// The per-user daily sponsorship limit under real concurrency: PGlite runs one transaction at a time, so
// only PostgreSQL with a connection pool shows whether two requests that together pass the limit can both
// be counted. Skipped without PostgreSQL (scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster
// when it is installed).
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { useTestContext } from '../../test/useTestContext'
import { reserveSponsorship, utcDay } from './dailySponsorship'
import { gasSponsorshipSpending, gasSponsorships } from './schema'
import { testRecord, userIdOf } from './testRecord'

const postgresUrl = testPostgresUrl()
describe.skipIf(!postgresUrl)('the daily sponsorship limit on PostgreSQL (connection pool)', () => {
  const t = useTestContext({ databaseUrl: postgresUrl })

  test('error: of eight concurrent sponsorships at the limit exactly one is counted and recorded, three rounds', async () => {
    const now = new Date(Date.UTC(2031, 0, 1, 12))
    const day = utcDay(now.getTime())
    for (let round = 0; round < 3; round++) {
      const userId = userIdOf(await t.signInAsGuest())
      // Limit 1000 wei a day: each of eight parallel requests costs 600, so exactly one fits.
      const ids = await Promise.all(
        Array.from({ length: 8 }, (_, nonce) =>
          reserveSponsorship(t, {
            record: testRecord(t.demoApp.id, userId, 600n, BigInt(nonce)),
            day,
            limitWei: 1000n,
            now,
          }),
        ),
      )
      expect(ids.filter((id) => id !== null)).toHaveLength(1)
      const [spent] = await t.db.orm
        .select({ spentWei: gasSponsorshipSpending.spentWei })
        .from(gasSponsorshipSpending)
        .where(eq(gasSponsorshipSpending.userId, userId))
      expect(spent!.spentWei).toBe('600')
      expect(
        await t.db.orm.select().from(gasSponsorships).where(eq(gasSponsorships.userId, userId)),
      ).toHaveLength(1)
    }
  })
})
