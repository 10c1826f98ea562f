import type {
  ConsoleUsage,
  ConsoleUsageDay,
  ConsoleUsageFunnel,
  ConsoleUsageQuery,
} from '@foyer/protocol/console'
import { and, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { FoyerDatabase } from '../../../db/FoyerDatabase'
import { analyticsEvents } from '../../analytics/schema'

/** The SDK's analytics events (docs/api.md) the usage report counts. */
export const usageEvents = {
  loginStarted: 'sdk_login_started',
  loginCompleted: 'sdk_login_completed',
  loginFailed: 'sdk_login_failed',
  walletCreated: 'sdk_embedded_wallet_created',
  fundingStarted: 'sdk_fiat_on_ramp_started',
  fundingCompleted: 'sdk_fiat_on_ramp_completed',
} as const

const DAY_MS = 86_400_000
const TOP_ERRORS = 5

type Row = {
  day: string
  eventName: string
  method: string | null
  isNewUser: string | null
  code: string | null
  count: number
}

/**
 * The usage report of docs/console.md#usage for the UTC days `from`–`to` (both included), of one app or all:
 * one grouped query over `analytics_events` (GROUP BY UTC day, event name, and the payload's `method`,
 * `isNewUser` and `code`), then one entry per day of the range, zeros included. A login event without a
 * `method` counts under `unknown`; a failure without a `code` under `unknown`.
 *
 * @example
 * await usageReport(db, { from: '2026-11-01', to: '2026-11-30' })
 * // { from, to, app_id: null, methods: ['email'], days: [{ day: '2026-11-01', sign_ins: { email: 3 }, … }, …] }
 */
export async function usageReport(db: FoyerDatabase, query: ConsoleUsageQuery): Promise<ConsoleUsage> {
  const start = new Date(`${query.from}T00:00:00.000Z`)
  const end = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS)
  const day = sql<string>`to_char(${analyticsEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const method = sql<string | null>`${analyticsEvents.payload}->>'method'`
  const isNewUser = sql<string | null>`${analyticsEvents.payload}->>'isNewUser'`
  const code = sql<string | null>`${analyticsEvents.payload}->>'code'`
  const conditions: SQL[] = [
    gte(analyticsEvents.createdAt, start),
    lt(analyticsEvents.createdAt, end),
    inArray(analyticsEvents.eventName, Object.values(usageEvents)),
  ]
  if (query.app_id !== undefined) conditions.push(eq(analyticsEvents.appId, query.app_id))
  const rows = await db.orm
    .select({ day, eventName: analyticsEvents.eventName, method, isNewUser, code, count: count() })
    .from(analyticsEvents)
    .where(and(...conditions))
    .groupBy(day, analyticsEvents.eventName, method, isNewUser, code)
  return assembleUsage(
    query,
    rows.map((row) => ({ ...row, count: Number(row.count) })),
  )
}

function emptyDay(day: string): ConsoleUsageDay {
  return {
    day,
    sign_ins: {},
    sign_ups: 0,
    returning: 0,
    funnel: [],
    wallets_created: 0,
    funding_started: 0,
    funding_completed: 0,
  }
}

function assembleUsage(query: ConsoleUsageQuery, rows: Row[]): ConsoleUsage {
  const days = new Map<string, ConsoleUsageDay>()
  for (let at = Date.parse(query.from); at <= Date.parse(query.to); at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10)
    days.set(day, emptyDay(day))
  }
  const funnels = new Map<string, Map<string, ConsoleUsageFunnel & { errors: Map<string, number> }>>()
  const methods = new Set<string>()
  const funnelOf = (day: string, method: string) => {
    const ofDay = funnels.get(day) ?? new Map()
    funnels.set(day, ofDay)
    const found = ofDay.get(method) ?? {
      method,
      started: 0,
      completed: 0,
      failed: 0,
      top_errors: [],
      errors: new Map(),
    }
    ofDay.set(method, found)
    methods.add(method)
    return found
  }
  for (const row of rows) {
    const entry = days.get(row.day)
    if (entry === undefined) continue
    const method = row.method ?? 'unknown'
    switch (row.eventName) {
      case usageEvents.loginStarted:
        funnelOf(row.day, method).started += row.count
        break
      case usageEvents.loginCompleted:
        funnelOf(row.day, method).completed += row.count
        entry.sign_ins[method] = (entry.sign_ins[method] ?? 0) + row.count
        if (row.isNewUser === 'true') entry.sign_ups += row.count
        else entry.returning += row.count
        break
      case usageEvents.loginFailed: {
        const funnel = funnelOf(row.day, method)
        funnel.failed += row.count
        const code = row.code ?? 'unknown'
        funnel.errors.set(code, (funnel.errors.get(code) ?? 0) + row.count)
        break
      }
      case usageEvents.walletCreated:
        entry.wallets_created += row.count
        break
      case usageEvents.fundingStarted:
        entry.funding_started += row.count
        break
      case usageEvents.fundingCompleted:
        entry.funding_completed += row.count
        break
    }
  }
  for (const [day, ofDay] of funnels) {
    const entry = days.get(day)
    if (entry === undefined) continue
    entry.funnel = [...ofDay.values()]
      .sort((a, b) => a.method.localeCompare(b.method))
      .map(({ errors, ...funnel }) => ({
        ...funnel,
        top_errors: [...errors]
          .map(([code, n]) => ({ code, count: n }))
          .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code))
          .slice(0, TOP_ERRORS),
      }))
  }
  return {
    from: query.from,
    to: query.to,
    app_id: query.app_id ?? null,
    methods: [...methods].sort(),
    days: [...days.values()],
  }
}
