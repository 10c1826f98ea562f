// Telegram payloads are single use, raced on PostgreSQL: PGlite runs one statement at a time, so only a real
// server with a connection pool shows that one payload sent many times at once signs in exactly once.
// Skipped without PostgreSQL (scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster when it is
// installed).
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, test } from 'vitest'
import { testPostgresUrl } from '../../test/testPostgresUrl'
import { useTestContext } from '../../test/useTestContext'
import { createTelegramInitData, signTelegramLogin } from '../../testing/telegram/signTelegramLogin'
import { type AppRecord, createAppRecord } from '../apps/service'

const postgresUrl = testPostgresUrl()
const BOT_TOKEN = '7000000003:AAEraceTOKENforFOYERlocalBOT-000003'
const SENDS = 12

const t = useTestContext({ databaseUrl: postgresUrl })
let app: AppRecord
let nextId = 6_000_000_000

const authenticate = (body: unknown) =>
  t.request({ method: 'POST', url: '/api/v1/telegram/authenticate', appId: app.id, json: body })
const ok = (responses: LightMyRequestResponse[]) => responses.filter((r) => r.statusCode === 200)

describe.skipIf(!postgresUrl)('Telegram payload races on PostgreSQL', () => {
  beforeAll(async () => {
    app = await createAppRecord(t.db, {
      name: 'Telegram race app',
      masterKey: t.masterKey,
      settings: { telegram_auth: true, telegram_bot_token: BOT_TOKEN },
    })
  }, 60_000)

  test('behavior: one widget payload sent 12 times at once signs in once; the rest are telegram_data_already_used', async () => {
    const data = signTelegramLogin({
      botToken: BOT_TOKEN,
      user: { id: ++nextId, first_name: 'Race' },
      authDate: Math.floor(t.now() / 1000),
    })
    const responses = await Promise.all(
      Array.from({ length: SENDS }, () => authenticate({ telegram_auth_result: data })),
    )
    expect(ok(responses), responses.map((r) => r.body).join('\n')).toHaveLength(1)
    for (const refused of responses.filter((r) => r.statusCode !== 200))
      expect([refused.statusCode, refused.json().code]).toEqual([401, 'telegram_data_already_used'])
  }, 60_000)

  test('behavior: one mini-app initData sent 12 times at once signs in once', async () => {
    const { webAppData } = createTelegramInitData({
      botToken: BOT_TOKEN,
      user: { id: ++nextId, first_name: 'Mini' },
      authDate: Math.floor(t.now() / 1000),
    })
    const responses = await Promise.all(
      Array.from({ length: SENDS }, () => authenticate({ telegram_web_app_data: webAppData })),
    )
    expect(ok(responses)).toHaveLength(1)
  }, 60_000)
})
