import { type ConsoleUsage, consoleUsageSchema } from '@foyer/protocol/console'
import { type FormEvent, Fragment, useState } from 'react'
import { useConsoleApi, useConsoleResource } from '../../api/ConsoleApiContext'
import type { ConsoleApiError } from '../../api/ConsoleApiError'
import { AppSelect } from '../../shell/AppSelect'
import { ErrorNotice, Loading } from '../../shell/Notices'
import type { ConsolePageProps } from '../ConsolePage'
import { UsageChart, type UsageRow } from './UsageChart'

const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The range shown first: the last 30 UTC days, today included. */
function defaultRange() {
  const today = Date.now()
  return { from: isoDay(today - 29 * DAY_MS), to: isoDay(today), appId: '' }
}

/** The name shown for each series of the charts, by its key in the report. */
const SERIES_NAMES = {
  sign_ups: 'Sign-ups',
  returning: 'Returning',
  started: 'Started',
  completed: 'Completed',
  failed: 'Failed',
  wallets_created: 'Wallets created',
  funding_started: 'Funding started',
  funding_completed: 'Funding completed',
} as const
const seriesOf = (...keys: (keyof typeof SERIES_NAMES)[]) =>
  keys.map((key) => ({ key, name: SERIES_NAMES[key] }))

/** The range's date fields and their labels. */
const DATE_FIELDS = [
  ['from', 'From'],
  ['to', 'To'],
] as const

/** The report's numbers as the page's charts: one row per day, or per method for the funnel. */
function chartsOf(usage: ConsoleUsage) {
  const signIns: UsageRow[] = usage.days.map((day) => ({ label: day.day, ...day.sign_ins }))
  const users: UsageRow[] = usage.days.map((day) => ({
    label: day.day,
    sign_ups: day.sign_ups,
    returning: day.returning,
  }))
  const funnel = new Map<
    string,
    { started: number; completed: number; failed: number; errors: Map<string, number> }
  >()
  for (const day of usage.days)
    for (const entry of day.funnel) {
      const sum = funnel.get(entry.method) ?? { started: 0, completed: 0, failed: 0, errors: new Map() }
      sum.started += entry.started
      sum.completed += entry.completed
      sum.failed += entry.failed
      for (const error of entry.top_errors)
        sum.errors.set(error.code, (sum.errors.get(error.code) ?? 0) + error.count)
      funnel.set(entry.method, sum)
    }
  const funnelRows: UsageRow[] = [...funnel].map(([method, sum]) => ({
    label: method,
    started: sum.started,
    completed: sum.completed,
    failed: sum.failed,
    top_errors:
      [...sum.errors]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([code, count]) => `${code} (${count})`)
        .join(', ') || '—',
  }))
  const wallets: UsageRow[] = usage.days.map((day) => ({
    label: day.day,
    wallets_created: day.wallets_created,
    funding_started: day.funding_started,
    funding_completed: day.funding_completed,
  }))
  return { signIns, users, funnelRows, wallets }
}

/**
 * Usage (docs/console.md#usage): for a UTC date range and optionally one app, charts of sign-ins per day by
 * method, sign-ups vs returning users, the sign-in funnel by method with its top error codes, wallets
 * created and funding; each chart followed by a table of its numbers; 'Download CSV' saves the same numbers.
 */
export function UsagePage(_props: ConsolePageProps) {
  const api = useConsoleApi()
  const [draft, setDraft] = useState(defaultRange)
  const [range, setRange] = useState(draft)
  const [downloadError, setDownloadError] = useState<ConsoleApiError | null>(null)
  const [downloading, setDownloading] = useState(false)
  const query = { from: range.from, to: range.to, app_id: range.appId || undefined }
  const usage = useConsoleResource(
    (client) => client.get('/api/v1/console/usage', consoleUsageSchema, query),
    [range.from, range.to, range.appId],
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setRange(draft)
  }
  const download = async () => {
    setDownloading(true)
    setDownloadError(null)
    try {
      const csv = await api.getText('/api/v1/console/usage.csv', query)
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }))
      const link = document.createElement('a')
      link.href = url
      link.download = `usage-${range.from}-${range.to}.csv`
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
    } catch (caught) {
      setDownloadError(caught as ConsoleApiError)
    } finally {
      setDownloading(false)
    }
  }
  const charts = usage.data ? chartsOf(usage.data) : null
  const methods = usage.data?.methods.map((method) => ({ key: method, name: method })) ?? []

  return (
    <>
      <p className="console-muted">
        Sign-ins, sign-ups, wallets and funding per UTC day, as your apps' SDKs report them.
      </p>
      <form className="console-usage-filters" onSubmit={submit}>
        {DATE_FIELDS.map(([key, label]) => (
          <Fragment key={key}>
            <label>
              {label}{' '}
              <input
                type="date"
                required
                value={draft[key]}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
              />
            </label>{' '}
          </Fragment>
        ))}
        <AppSelect value={draft.appId} onChange={(appId) => setDraft({ ...draft, appId })} />
        <button type="submit">Show</button>{' '}
        <button type="button" onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Downloading…' : 'Download CSV'}
        </button>
      </form>
      {downloadError ? <ErrorNotice error={downloadError} onRetry={() => void download()} /> : null}
      {usage.error ? <ErrorNotice error={usage.error} onRetry={usage.reload} /> : null}
      {usage.loading ? <Loading /> : null}
      {charts ? (
        <>
          <UsageChart title="Sign-ins by method" rows={charts.signIns} series={methods} stacked />
          <UsageChart
            title="Sign-ups and returning users"
            rows={charts.users}
            series={seriesOf('sign_ups', 'returning')}
            stacked
          />
          <UsageChart
            title="Sign-in funnel by method"
            labelHeader="Method"
            rows={charts.funnelRows}
            series={charts.funnelRows.length === 0 ? [] : seriesOf('started', 'completed', 'failed')}
          />
          {charts.funnelRows.length > 0 ? (
            <p>
              Top error codes:{' '}
              {charts.funnelRows.map((row) => `${row.label}: ${String(row.top_errors)}`).join('; ')}
            </p>
          ) : null}
          <UsageChart
            title="Wallets and funding"
            rows={charts.wallets}
            series={seriesOf('wallets_created', 'funding_started', 'funding_completed')}
          />
        </>
      ) : null}
    </>
  )
}
