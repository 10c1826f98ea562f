import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { useTestContext } from '../../test/useTestContext'
import { appSettingsCodec } from '../apps/appSettingsCodec'
import { apps } from '../apps/schema'
import { releaseSponsorship, reserveSponsorship, utcDay } from './dailySponsorship'
import { gasSponsorshipSpending, gasSponsorships } from './schema'
import { testRecord, userIdOf } from './testRecord'

const t = useTestContext()

const now = new Date(Date.UTC(2031, 0, 1, 12))
const day = utcDay(now.getTime())

describe('per-user daily sponsorship limit', () => {
  test('behavior: costs add up to the limit, the next one is refused and not recorded', async () => {
    const userId = userIdOf(await t.signInAsGuest())
    const reserve = (cost: bigint, limitWei: bigint | null = 1000n) =>
      reserveSponsorship(t, { record: testRecord(t.demoApp.id, userId, cost), day, limitWei, now })
    expect(await reserve(600n)).toMatch(/^[A-Za-z0-9]{25}$/)
    expect(await reserve(400n)).not.toBeNull()
    expect(await reserve(1n)).toBeNull()
    expect(await reserve(1001n)).toBeNull()
    const rows = await t.db.orm.select().from(gasSponsorships).where(eq(gasSponsorships.userId, userId))
    expect(rows.map((row) => row.maxCostWei).sort()).toEqual(['400', '600'])
    // The next UTC day starts from zero; another user has their own total.
    expect(
      await reserveSponsorship(t, {
        record: testRecord(t.demoApp.id, userId, 1000n),
        day: utcDay(now.getTime() + 86_400_000),
        limitWei: 1000n,
        now,
      }),
    ).not.toBeNull()
    const other = userIdOf(await t.signInAsGuest())
    expect(
      await reserveSponsorship(t, {
        record: testRecord(t.demoApp.id, other, 1000n),
        day,
        limitWei: 1000n,
        now,
      }),
    ).not.toBeNull()
  })

  test('behavior: a released sponsorship gives its cost back and its record is gone', async () => {
    const userId = userIdOf(await t.signInAsGuest())
    const record = testRecord(t.demoApp.id, userId, 700n)
    const id = await reserveSponsorship(t, { record, day, limitWei: 1000n, now })
    expect(id).not.toBeNull()
    await releaseSponsorship(t, { id: id!, appId: t.demoApp.id, userId, day, maxCostWei: 700n })
    const [spent] = await t.db.orm
      .select({ spentWei: gasSponsorshipSpending.spentWei })
      .from(gasSponsorshipSpending)
      .where(eq(gasSponsorshipSpending.userId, userId))
    expect(spent!.spentWei).toBe('0')
    expect(await t.db.orm.select().from(gasSponsorships).where(eq(gasSponsorships.userId, userId))).toEqual(
      [],
    )
    expect(await reserveSponsorship(t, { record, day, limitWei: 1000n, now })).not.toBeNull()
  })

  test('behavior: no limit (null) counts without refusing', async () => {
    const userId = userIdOf(await t.signInAsGuest())
    for (let i = 0; i < 3; i++)
      expect(
        await reserveSponsorship(t, {
          record: testRecord(t.demoApp.id, userId, 10n ** 30n),
          day,
          limitWei: null,
          now,
        }),
      ).not.toBeNull()
  })
})

describe('the paymaster signer key in the app settings', () => {
  test('security: sealed at rest, opened with the master key, bound to its app', async () => {
    const key = `0x${'ab'.repeat(32)}`
    const [row] = await t.db.orm.select().from(apps).where(eq(apps.id, t.demoApp.id))
    const settings = {
      ...appSettingsCodec.open(row!.settings, t.masterKey, t.demoApp.id),
      gas_sponsorship: {
        paymaster_address: '0x00000000000000000000000000000000000000b2',
        signer_private_key: key,
        chain_ids: [31337],
        daily_limit_wei_per_user: '1000',
      },
    }
    const stored = appSettingsCodec.seal(settings, t.masterKey, t.demoApp.id)
    expect(JSON.stringify(stored)).not.toContain('ab'.repeat(32))
    expect(stored.gas_sponsorship).toMatchObject({
      signer_private_key: { sealed: expect.stringMatching(/^v1\./) },
    })
    expect(appSettingsCodec.open(stored, t.masterKey, t.demoApp.id).gas_sponsorship.signer_private_key).toBe(
      key,
    )
    expect(() => appSettingsCodec.open(stored, t.masterKey, 'another-app-id')).toThrow(/does not open/)
  })
})
