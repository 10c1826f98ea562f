// The usage report (docs/console.md#usage) on the embedded database and on PostgreSQL (skipped without it:
// scripts/postgres/vitestGlobalSetup.mjs starts a throwaway cluster when it is installed): the same events,
// the same numbers from both.
import { CONSOLE_APP_ID } from '@foyer/protocol/console'
import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FoyerDatabase } from '../../../db/FoyerDatabase'
import { testPostgresUrl } from '../../../test/testPostgresUrl'
import { useTestContext } from '../../../test/useTestContext'
import { analyticsEvents } from '../../analytics/schema'
import { createAppRecord } from '../../apps/service'
import { operatorConsole } from '../plugin'
import { USAGE_CSV_HEADER } from './usageCsv'
import { usageReport } from './usageReport'

const ORIGIN = 'http://localhost:8787'
const OPERATOR = 'usage@console.test'
const at = (iso: string) => new Date(iso)

/** Every test of this file, over PGlite (`databaseUrl` undefined) or the PostgreSQL database at `databaseUrl`. */
function usageTests(databaseUrl: string | undefined) {
  const t = useTestContext({ features: [operatorConsole({ operators: [OPERATOR] })], databaseUrl })
  let token = ''
  let appId = ''

  const get = (url: string, bearer = token) => t.request({ method: 'GET', url, appId: null, bearer })

  beforeAll(async () => {
    token = (await t.signIn(OPERATOR, CONSOLE_APP_ID)).token ?? ''
    const init = await t.request({
      method: 'POST',
      url: '/api/v1/mfa/totp/init',
      json: {},
      bearer: token,
      appId: CONSOLE_APP_ID,
      headers: { origin: ORIGIN },
    })
    const { totpSecret } = init.json() as { totpSecret: string }
    const { Secret, TOTP } = await import('otpauth')
    const { TOTP_PARAMETERS } = await import('../../mfa/totp')
    const code = new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(totpSecret) }).generate({
      timestamp: t.now(),
    })
    const enrolled = await t.request({
      method: 'POST',
      url: '/api/v1/mfa/totp/enroll',
      json: { code },
      bearer: token,
      appId: CONSOLE_APP_ID,
      headers: { origin: ORIGIN },
    })
    expect(enrolled.statusCode, enrolled.body).toBe(200)
    appId = (await createAppRecord(t.db, { name: 'Used', masterKey: t.masterKey })).id
    const other = (await createAppRecord(t.db, { name: 'Other', masterKey: t.masterKey })).id
    const event = (eventName: string, iso: string, payload: Record<string, unknown> = {}, app = appId) => ({
      appId: app,
      eventName,
      payload,
      createdAt: at(iso),
    })
    await t.db.orm
      .insert(analyticsEvents)
      .values([
        event('sdk_login_started', '2030-03-01T00:00:00Z', { method: 'email' }),
        event('sdk_login_started', '2030-03-01T10:00:00Z', { method: 'email' }),
        event('sdk_login_started', '2030-03-01T11:00:00Z', { method: 'sms' }),
        event('sdk_login_completed', '2030-03-01T10:01:00Z', { method: 'email', isNewUser: true }),
        event('sdk_login_completed', '2030-03-01T23:59:59Z', { method: 'email', isNewUser: false }),
        event('sdk_login_failed', '2030-03-01T11:01:00Z', { method: 'sms', code: 'invalid_code' }),
        event('sdk_login_failed', '2030-03-01T11:02:00Z', { method: 'sms', code: 'invalid_code' }),
        event('sdk_login_failed', '2030-03-01T11:03:00Z', { method: 'sms', code: 'rate_limited' }),
        event('sdk_embedded_wallet_created', '2030-03-02T00:00:00Z', { chainType: 'ethereum' }),
        event('sdk_fiat_on_ramp_started', '2030-03-02T01:00:00Z', { provider: 'moonpay' }),
        event('sdk_initialize', '2030-03-02T01:00:00Z'),
        event('sdk_login_completed', '2030-03-04T00:00:00Z', { method: 'google', isNewUser: true }),
        event('sdk_login_completed', '2030-03-01T12:00:00Z', { method: 'email', isNewUser: true }, other),
      ])
  })

  describe('usageReport', () => {
    it('behavior: counts per UTC day sign-ins by method, sign-ups vs returning, the funnel, wallets and funding', async () => {
      const report = await usageReport(t.db, { from: '2030-03-01', to: '2030-03-03', app_id: appId })
      expect(report.methods).toEqual(['email', 'sms'])
      expect(report.days.map((day) => day.day)).toEqual(['2030-03-01', '2030-03-02', '2030-03-03'])
      expect(report.days[0]).toEqual({
        day: '2030-03-01',
        sign_ins: { email: 2 },
        sign_ups: 1,
        returning: 1,
        funnel: [
          { method: 'email', started: 2, completed: 2, failed: 0, top_errors: [] },
          {
            method: 'sms',
            started: 1,
            completed: 0,
            failed: 3,
            top_errors: [
              { code: 'invalid_code', count: 2 },
              { code: 'rate_limited', count: 1 },
            ],
          },
        ],
        wallets_created: 0,
        funding_started: 0,
        funding_completed: 0,
      })
      expect(report.days[1]).toMatchObject({
        sign_ins: {},
        wallets_created: 1,
        funding_started: 1,
        funnel: [],
      })
      expect(report.days[2]).toMatchObject({ sign_ins: {}, sign_ups: 0, returning: 0 })
    })

    it('boundary: days are UTC days whatever the session time zone (UTC+14: 23:59:59Z stays on its day)', async () => {
      const report = await t.db.orm.transaction(async (tx) => {
        await tx.execute(sql`set local time zone 'Pacific/Kiritimati'`)
        return usageReport({ ...t.db, orm: tx } as FoyerDatabase, {
          from: '2030-03-01',
          to: '2030-03-02',
          app_id: appId,
        })
      })
      expect(report.days.map((day) => [day.day, day.sign_ups + day.returning])).toEqual([
        ['2030-03-01', 2],
        ['2030-03-02', 0],
      ])
    })

    it('behavior: without app_id counts every app', async () => {
      const report = await usageReport(t.db, { from: '2030-03-01', to: '2030-03-01' })
      expect(report.app_id).toBeNull()
      expect(report.days[0]?.sign_ins.email).toBeGreaterThanOrEqual(3)
    })
  })

  describe('GET /api/v1/console/usage', () => {
    it('behavior: answers the report to an operator', async () => {
      const response = await get(`/api/v1/console/usage?from=2030-03-01&to=2030-03-04&app_id=${appId}`)
      expect(response.statusCode, response.body).toBe(200)
      const body = response.json() as { days: { sign_ins: Record<string, number> }[]; methods: string[] }
      expect(body.days).toHaveLength(4)
      expect(body.days[3]?.sign_ins).toEqual({ google: 1 })
      expect(body.methods).toEqual(['email', 'google', 'sms'])
    })

    it.each([
      ['from after to', '?from=2030-03-02&to=2030-03-01'],
      ['a range over 366 days', '?from=2029-01-01&to=2030-01-02'],
      ['a malformed day', '?from=2030-02-30&to=2030-03-01'],
      ['a missing to', '?from=2030-03-01'],
      ['an unknown parameter', '?from=2030-03-01&to=2030-03-01&x=1'],
    ])('error: 400 invalid_data for %s', async (_, query) => {
      for (const path of ['/api/v1/console/usage', '/api/v1/console/usage.csv']) {
        const response = await get(`${path}${query}`)
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json()).toMatchObject({ code: 'invalid_data' })
      }
    })

    it('boundary: 366 days is allowed', async () => {
      expect((await get('/api/v1/console/usage?from=2029-01-01&to=2030-01-01')).statusCode).toBe(200)
    })

    it('error: refuses a non-operator (401 without a token)', async () => {
      const response = await get('/api/v1/console/usage?from=2030-03-01&to=2030-03-01', '')
      expect(response.statusCode).toBe(401)
      expect((await get('/api/v1/console/usage.csv?from=2030-03-01&to=2030-03-01', '')).statusCode).toBe(401)
    })
  })

  describe('GET /api/v1/console/usage.csv', () => {
    it('behavior: answers RFC 4180 CSV with a header row as an attachment', async () => {
      const response = await get(`/api/v1/console/usage.csv?from=2030-03-01&to=2030-03-02&app_id=${appId}`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/csv/)
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="usage-2030-03-01-2030-03-02.csv"',
      )
      expect(response.body).toContain('\r\n')
      const rows = parse(response.body, { columns: true }) as Record<string, string>[]
      expect(Object.keys(rows[0] ?? {})).toEqual([...USAGE_CSV_HEADER])
      expect(rows.map((row) => [row.day, row.method, row.sign_ins])).toEqual([
        ['2030-03-01', '*', '2'],
        ['2030-03-01', 'email', '2'],
        ['2030-03-01', 'sms', '0'],
        ['2030-03-02', '*', '0'],
      ])
      expect(rows[2]).toMatchObject({ logins_failed: '3', top_errors: 'invalid_code:2;rate_limited:1' })
      expect(rows[3]).toMatchObject({ wallets_created: '1', funding_started: '1' })
    })
  })
}

const postgresUrl = testPostgresUrl()
describe('console usage on PGlite', () => usageTests(undefined))
describe.skipIf(!postgresUrl)('console usage on PostgreSQL', () => usageTests(postgresUrl))
