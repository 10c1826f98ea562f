// The sweep and the sealing step on PostgreSQL, where several server processes really run them at once
// (PGlite runs one statement at a time). Skipped without PostgreSQL (see features/concurrency.postgres.test.ts).
import { eq, like } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { randomId } from '../../crypto/randomId'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { useTestContext } from '../../test/useTestContext'
import { mergeSettings } from '../apps/mergeSettings'
import { apps } from '../apps/schema'
import { sealAppSecrets } from '../apps/sealAppSecrets'
import { createAppRecord, loadApp } from '../apps/service'
import { walletNonces } from '../siwe/schema'
import { sweepExpired } from './sweepExpired'

const postgresUrl = testPostgresUrl()

describe.skipIf(!postgresUrl)('sweep and sealing on PostgreSQL, several processes at once', () => {
  const t = useTestContext({ databaseUrl: postgresUrl })

  test('behavior: four sweeps at once delete every expired row once, without error', async () => {
    const now = Date.UTC(2031, 0, 1)
    const prefix = randomId(8)
    const rows = Array.from({ length: 250 }, (_, index) => ({
      nonce: `${prefix}${index}`,
      appId: t.demoApp.id,
      chainType: 'ethereum' as const,
      address: '0x0000000000000000000000000000000000000001',
      createdAt: new Date(now - 120_000),
      expiresAt: new Date(now - 60_000),
    }))
    await t.db.orm.insert(walletNonces).values(rows)
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        sweepExpired(t.db, { now: new Date(now), guestMaxIdleMs: 0, batchSize: 20 }),
      ),
    )
    expect(results.reduce((sum, result) => sum + result.wallet_nonce, 0)).toBe(250)
    expect(
      await t.db.orm
        .select()
        .from(walletNonces)
        .where(like(walletNonces.nonce, `${prefix}%`)),
    ).toEqual([])
  })

  test('behavior: servers starting at once seal clear secrets once, and each opens them', async () => {
    const app = await createAppRecord(t.db, { name: 'Old', masterKey: t.masterKey })
    const settings = mergeSettings({
      telegram_bot_token: '123:clear-token',
      captcha_secret_key: 'clear-captcha',
    })
    await t.db.orm.update(apps).set({ settings }).where(eq(apps.id, app.id))
    const sealed = await Promise.all(Array.from({ length: 4 }, () => sealAppSecrets(t.db, t.masterKey)))
    expect(sealed.filter((ids) => ids.includes(app.id))).toHaveLength(1)
    const [row] = await t.db.orm.select().from(apps).where(eq(apps.id, app.id))
    expect(JSON.stringify(row?.settings)).not.toContain('clear-')
    expect((await loadApp(t.db, app.id, t.masterKey))?.settings.telegram_bot_token).toBe('123:clear-token')
  })
})
