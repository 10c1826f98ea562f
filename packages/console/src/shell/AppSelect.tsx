import { consoleAppListResponseSchema } from '@foyer/protocol/console'
import { useConsoleResource } from '../api/ConsoleApiContext'
import { ErrorNotice } from './Notices'

/**
 * The app filter of the Usage and Users pages (docs/console.md#usage): a native `<select>` (arrow keys, type-ahead)
 * labelled 'App', 'All apps' first (value `''`), then every app of `GET /api/v1/console/apps` as
 * 'name (id)', oldest first. While the list loads it offers 'All apps' only and says so; a failed load shows
 * the error with 'Try again' and keeps 'All apps'.
 */
export function AppSelect(props: { value: string; onChange: (appId: string) => void }) {
  const apps = useConsoleResource(
    (client) => client.get('/api/v1/console/apps', consoleAppListResponseSchema),
    [],
  )
  return (
    <>
      <label>
        App{' '}
        <select
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          aria-busy={apps.loading}
        >
          <option value="">All apps</option>
          {apps.loading && !apps.data ? (
            <option value="" disabled>
              Loading apps…
            </option>
          ) : null}
          {apps.data?.apps.map((app) => (
            <option key={app.id} value={app.id}>
              {app.name} ({app.id})
            </option>
          ))}
        </select>
      </label>{' '}
      {apps.error ? <ErrorNotice error={apps.error} onRetry={apps.reload} /> : null}
    </>
  )
}
