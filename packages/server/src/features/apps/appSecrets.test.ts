import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { prepareDatabase } from '../../cli/prepareDatabase'
import { createApp } from '../../createApp'
import { migrate } from '../../db/migrate'
import { openDatabase } from '../../db/openDatabase'
import type { TestContext } from '../../test/createTestContext'
import { useTestContext } from '../../test/useTestContext'
import { appSettingsCodec } from './appSettingsCodec'
import { mergeSettings } from './mergeSettings'
import { apps } from './schema'
import { createAppRecord, listAppRecords, loadApp, updateAppSettings } from './service'

const t = useTestContext()

/** One of each third-party secret an app can hold. */
const custodyKey = `0x${'ab'.repeat(32)}`
const secretSettings = {
  captcha_secret_key: 'captcha-secret-0001',
  telegram_bot_token: '123456:telegram-secret-0002',
  oauth: {
    clients: {
      github: { client_id: 'gh-client', client_secret: 'github-secret-0003', scopes: [], apple: null },
      apple: {
        client_id: 'com.shop.web',
        client_secret: null,
        scopes: [],
        apple: { team_id: 'TEAM', key_id: 'KEY', private_key_pem: 'apple-secret-0004' },
      },
    },
    return_tokens: false,
  },
  farcaster_developer_account: { fid: 42, custody_private_key: custodyKey },
  funding_providers: {
    moonpay: { api_key: 'pk_test_public', secret_key: 'moonpay-secret-0006', use_sandbox: true },
    coinbase: { project_id: 'project', api_key_id: 'key-id', api_key_secret: 'coinbase-secret-0007' },
  },
}
const secretValues = [
  'captcha-secret-0001',
  'telegram-secret-0002',
  'github-secret-0003',
  'apple-secret-0004',
  'ab'.repeat(32),
  'moonpay-secret-0006',
  'coinbase-secret-0007',
]

async function rawSettings(db: TestContext['db'], id: string): Promise<string> {
  const [row] = await db.orm.select({ settings: apps.settings }).from(apps).where(eq(apps.id, id))
  return JSON.stringify(row?.settings)
}

function expectNoSecret(text: string) {
  for (const secret of secretValues) expect(text).not.toContain(secret)
}

describe('third-party secrets at rest', () => {
  test('default: createAppRecord and updateAppSettings store no secret in the clear; loading the app opens them', async () => {
    const created = await createAppRecord(t.db, {
      name: 'Sealed',
      settings: secretSettings,
      masterKey: t.masterKey,
    })
    expectNoSecret(await rawSettings(t.db, created.id))
    const later = await createAppRecord(t.db, { name: 'Sealed later', masterKey: t.masterKey })
    await updateAppSettings(t.db, later.id, secretSettings, t.masterKey)
    expectNoSecret(await rawSettings(t.db, later.id))
    for (const id of [created.id, later.id]) {
      const loaded = await loadApp(t.db, id, t.masterKey)
      expect(loaded?.settings).toMatchObject(secretSettings)
    }
  })

  test('behavior: migrate seals the secrets an older version stored in the clear, idempotently', async () => {
    const app = await createAppRecord(t.db, { name: 'Old row', masterKey: t.masterKey })
    // As the version before sealing wrote them: the full settings, secrets in the clear.
    await t.db.orm
      .update(apps)
      .set({ settings: mergeSettings(secretSettings) })
      .where(eq(apps.id, app.id))
    expect(await rawSettings(t.db, app.id)).toContain('github-secret-0003')
    await migrate(t.db, { masterKey: t.masterKey })
    const sealed = await rawSettings(t.db, app.id)
    expectNoSecret(sealed)
    await migrate(t.db, { masterKey: t.masterKey })
    expect(await rawSettings(t.db, app.id)).toBe(sealed)
    expect((await loadApp(t.db, app.id, t.masterKey))?.settings).toMatchObject(secretSettings)
  })

  test('error: the public app config never carries a secret', async () => {
    const app = await createAppRecord(t.db, {
      name: 'Public',
      settings: secretSettings,
      masterKey: t.masterKey,
    })
    const response = await t.request({ method: 'GET', url: `/api/v1/apps/${app.id}`, appId: null })
    expect(response.statusCode).toBe(200)
    expectNoSecret(response.body)
  })

  test('behavior: appSettingsCodec.mask hides every secret and keeps the public ids', () => {
    const masked = JSON.stringify(appSettingsCodec.mask(mergeSettings(secretSettings)))
    expectNoSecret(masked)
    expect(masked).toContain('pk_test_public')
    expect(masked).toContain('gh-client')
  })

  test('error: a sealed secret moved to another app does not open', async () => {
    const one = await createAppRecord(t.db, { name: 'One', settings: secretSettings, masterKey: t.masterKey })
    const two = await createAppRecord(t.db, { name: 'Two', masterKey: t.masterKey })
    const [row] = await t.db.orm.select().from(apps).where(eq(apps.id, one.id))
    await t.db.orm
      .update(apps)
      .set({ settings: row?.settings ?? {} })
      .where(eq(apps.id, two.id))
    await expect(loadApp(t.db, two.id, t.masterKey)).rejects.toThrow(`sealed settings of app ${two.id}`)
  })
})

describe('master key at start', () => {
  test('error: a start with another master key fails with a message naming the cause; /readyz is 503', async () => {
    const db = await openDatabase({})
    const masterKey = randomBytes(32)
    try {
      await prepareDatabase(db, { env: 'development', masterKey })
      await createAppRecord(db, { name: 'Shop', settings: secretSettings, masterKey })
      const wrongKey = randomBytes(32)
      await expect(prepareDatabase(db, { env: 'development', masterKey: wrongKey })).rejects.toThrow(
        /^FOYER_MASTER_KEY does not open the signing key of app [a-z0-9]{25}: it is not the key this database was sealed with/,
      )
      const app = await createApp({ db, masterKey: wrongKey, env: 'test', rateLimits: false })
      try {
        const ready = await app.inject({ method: 'GET', url: '/readyz' })
        expect(ready.statusCode).toBe(503)
        expect(ready.json()).toEqual({
          error: 'Not ready: master key does not open the sealed keys',
          code: 'internal_error',
        })
      } finally {
        await app.close()
      }
      const right = await createApp({ db, masterKey, env: 'test', rateLimits: false })
      expect((await right.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
      await right.close()
    } finally {
      await db.close()
    }
  }, 60_000)

  test('behavior: a production start creates no app; a development start seeds the demo apps', async () => {
    const masterKey = randomBytes(32)
    const production = await openDatabase({})
    try {
      await prepareDatabase(production, { env: 'production', masterKey })
      expect(await listAppRecords(production, masterKey)).toEqual([])
    } finally {
      await production.close()
    }
    const development = await openDatabase({})
    try {
      await prepareDatabase(development, { env: 'development', masterKey })
      expect((await listAppRecords(development, masterKey)).length).toBe(4)
    } finally {
      await development.close()
    }
  }, 60_000)
})
