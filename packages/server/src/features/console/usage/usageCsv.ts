import type { ConsoleUsage } from '@foyer/protocol/console'
import { stringify } from 'csv-stringify/sync'

/** The CSV columns of {@link usageCsv}, in order. */
export const USAGE_CSV_HEADER = [
  'day',
  'method',
  'sign_ins',
  'logins_started',
  'logins_completed',
  'logins_failed',
  'top_errors',
  'sign_ups',
  'returning',
  'wallets_created',
  'funding_started',
  'funding_completed',
] as const

/**
 * The usage report as RFC 4180 CSV (CRLF line ends, quoted where needed) with a header row
 * ({@link USAGE_CSV_HEADER}): per day, one `method` `*` row with the day's totals (sign-ups, returning,
 * wallets, funding) and one row per sign-in method with its sign-ins and funnel; `top_errors` is
 * `code:count` pairs joined by `;` (docs/console.md#usage).
 *
 * @example usageCsv(report) // 'day,method,sign_ins,…\r\n2026-11-01,*,3,…\r\n2026-11-01,email,3,…\r\n'
 */
export function usageCsv(report: ConsoleUsage): string {
  const records: (string | number)[][] = []
  for (const day of report.days) {
    const totals = day.funnel.reduce(
      (sum, funnel) => ({
        started: sum.started + funnel.started,
        completed: sum.completed + funnel.completed,
        failed: sum.failed + funnel.failed,
      }),
      { started: 0, completed: 0, failed: 0 },
    )
    const signIns = Object.values(day.sign_ins).reduce((sum, n) => sum + n, 0)
    records.push([
      day.day,
      '*',
      signIns,
      totals.started,
      totals.completed,
      totals.failed,
      '',
      day.sign_ups,
      day.returning,
      day.wallets_created,
      day.funding_started,
      day.funding_completed,
    ])
    for (const funnel of day.funnel) {
      const errors = funnel.top_errors.map((error) => `${error.code}:${error.count}`).join(';')
      const perMethod = day.sign_ins[funnel.method] ?? 0
      records.push([
        day.day,
        funnel.method,
        perMethod,
        funnel.started,
        funnel.completed,
        funnel.failed,
        errors,
        '',
        '',
        '',
        '',
        '',
      ])
    }
  }
  return stringify(records, { header: true, columns: [...USAGE_CSV_HEADER], record_delimiter: 'windows' })
}
