import { randomBytes } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/openDatabase'
import { analyticsEvents } from '../features/analytics/schema'
import { createAppRecord } from '../features/apps/service'
import { runCli } from '../test/runCli'

const DAY_MS = 86_400_000

afterEach(() => {
  vi.restoreAllMocks()
})

/** A data directory holding two apps and their events: `shop` today and 3 days ago, `blog` today. */
async function seeded() {
  const cwd = await mkdtemp(join(tmpdir(), 'foyer-analytics-'))
  const dataDir = join(cwd, 'data')
  const db = await openDatabase({ dataDir })
  try {
    await migrate(db)
    const masterKey = new Uint8Array(randomBytes(32))
    const shop = await createAppRecord(db, { name: 'Shop', masterKey })
    const blog = await createAppRecord(db, { name: 'Blog', masterKey })
    const now = Date.now()
    const event = (appId: string, eventName: string, ago = 0) => ({
      appId,
      eventName,
      createdAt: new Date(now - ago),
    })
    await db.orm
      .insert(analyticsEvents)
      .values([
        event(shop.id, 'sdk_initialize'),
        event(shop.id, 'sdk_initialize'),
        event(shop.id, 'login_completed'),
        event(shop.id, 'sdk_initialize', 3 * DAY_MS),
        event(blog.id, 'sdk_initialize'),
      ])
    // The key the apps were sealed with: a data directory holding a database gets no new development key.
    const env = {
      NODE_ENV: 'development',
      FOYER_DATA_DIR: dataDir,
      FOYER_MASTER_KEY: Buffer.from(masterKey).toString('base64'),
    }
    return { env, shop: shop.id, blog: blog.id, now }
  } finally {
    await db.close()
  }
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

describe('foyer-server analytics counts', () => {
  test('default: per app, UTC day and event name; --app and --days filter; text is a table', {
    timeout: 120_000,
  }, async () => {
    const { env, shop, blog, now } = await seeded()
    const all = await runCli(['analytics', 'counts', '--json'], env)
    expect(all.code, all.stderr).toBe(0)
    const today = utcDay(now)
    const earlier = utcDay(now - 3 * DAY_MS)
    const lines = JSON.parse(all.stdout) as Array<Record<string, unknown>>
    expect(lines).toEqual(
      expect.arrayContaining([
        { appId: shop, day: today, eventName: 'sdk_initialize', count: 2 },
        { appId: shop, day: today, eventName: 'login_completed', count: 1 },
        { appId: shop, day: earlier, eventName: 'sdk_initialize', count: 1 },
        { appId: blog, day: today, eventName: 'sdk_initialize', count: 1 },
      ]),
    )
    expect(lines).toHaveLength(4)

    const recent = await runCli(['analytics', 'counts', '--app', shop, '--days', '2', '--json'], env)
    expect(JSON.parse(recent.stdout)).toEqual([
      { appId: shop, day: today, eventName: 'login_completed', count: 1 },
      { appId: shop, day: today, eventName: 'sdk_initialize', count: 2 },
    ])

    const text = await runCli(['analytics', 'counts', '--app', blog], env)
    expect(text.stdout.split('\n')[0]).toMatch(/^APP\s+DAY\s+EVENT\s+COUNT$/)
    expect(text.stdout).toContain(`${blog}  ${today}  sdk_initialize  1`)
  })

  test('error: --days must be a whole number above 0 (exit 1); no events prints a line saying so', {
    timeout: 120_000,
  }, async () => {
    const { env } = await seeded()
    for (const days of ['0', '-1', 'soon', '1.5']) {
      const refused = await runCli(['analytics', 'counts', `--days=${days}`], env)
      expect(refused.code, days).toBe(1)
      expect(refused.stderr).toContain('--days must be a whole number of days above 0')
    }
    const none = await runCli(['analytics', 'counts', '--app', 'noapp0000000000000000000'], env)
    expect(none).toMatchObject({ code: 0, stdout: 'No analytics events\n' })
  })
})
