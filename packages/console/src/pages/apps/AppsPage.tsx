import {
  type ConsoleFieldError,
  consoleAppCreatedSchema,
  consoleAppListResponseSchema,
  consoleFieldErrorsDataSchema,
} from '@foyer/protocol/console'
import { useCallback, useEffect, useState } from 'react'
import { useConsoleApi } from '../../api/ConsoleApiContext'
import { ConsoleApiError } from '../../api/ConsoleApiError'
import { DataTable } from '../../shell/DataTable'
import { ErrorNotice, Loading } from '../../shell/Notices'
import { consoleHref, navigateTo } from '../../shell/route'
import type { ConsolePageProps } from '../ConsolePage'
import { AppEditor } from './AppEditor'
import { handOverNewSecret } from './AppSecret'
import { errorAt } from './draft'

/** 'New app': a name and the allowed origins, then the new app's editor. */
function CreateApp({ onCancel }: { onCancel: () => void }) {
  const api = useConsoleApi()
  const [name, setName] = useState('')
  const [origins, setOrigins] = useState('')
  const [creating, setCreating] = useState(false)
  const [fields, setFields] = useState<ConsoleFieldError[]>([])
  const [error, setError] = useState<ConsoleApiError | null>(null)
  const nameError = errorAt(fields, ['name'])
  const originsError = errorAt(fields, ['allowed_origins'])

  const create = async () => {
    setCreating(true)
    setError(null)
    try {
      const allowed = origins
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
      const created = await api.send(
        'POST',
        '/api/v1/console/apps',
        { name, allowed_origins: allowed },
        consoleAppCreatedSchema,
      )
      handOverNewSecret(created.id, created.app_secret)
      navigateTo('apps', created.id)
    } catch (caught) {
      const parsed =
        caught instanceof ConsoleApiError ? consoleFieldErrorsDataSchema.safeParse(caught.data) : null
      setFields(parsed?.success ? parsed.data.fields : [])
      if (!parsed?.success) setError(caught as ConsoleApiError)
    } finally {
      setCreating(false)
    }
  }

  return (
    <form
      className="console-section"
      aria-labelledby="new-app-title"
      onSubmit={(event) => {
        event.preventDefault()
        void create()
      }}
    >
      <h2 id="new-app-title">New app</h2>
      <div className="console-field">
        <label htmlFor="new-app-name">Name</label>
        <input
          id="new-app-name"
          value={name}
          required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'new-app-name-error' : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {nameError ? (
          <p id="new-app-name-error" className="console-field-error">
            {nameError}
          </p>
        ) : null}
      </div>
      <div className="console-field">
        <label htmlFor="new-app-origins">Allowed origins</label>
        <textarea
          id="new-app-origins"
          rows={3}
          value={origins}
          aria-invalid={originsError ? true : undefined}
          aria-describedby={`new-app-origins-hint${originsError ? ' new-app-origins-error' : ''}`}
          onChange={(event) => setOrigins(event.target.value)}
        />
        <p id="new-app-origins-hint" className="console-muted console-hint">
          One per line: the pages that will use the app, e.g. https://shop.example.
        </p>
        {originsError ? (
          <p id="new-app-origins-error" className="console-field-error">
            {originsError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="console-primary" disabled={creating}>
        {creating ? 'Creating…' : 'Create app'}
      </button>{' '}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {error ? <ErrorNotice error={error} /> : null}
    </form>
  )
}

/** The apps: a list with 'New app', and one app's editor at `#/apps/<id>` (docs/console.md#apps). */
export function AppsPage({ params }: ConsolePageProps) {
  const api = useConsoleApi()
  const [apps, setApps] = useState<{ id: string; name: string; allowed_origins: string[] }[]>()
  const [error, setError] = useState<ConsoleApiError | null>(null)
  const [creating, setCreating] = useState(false)
  const appId = params[0]

  const load = useCallback(async () => {
    setError(null)
    try {
      setApps((await api.get('/api/v1/console/apps', consoleAppListResponseSchema)).apps)
    } catch (caught) {
      setError(caught as ConsoleApiError)
    }
  }, [api])
  useEffect(() => {
    if (!appId) void load()
  }, [appId, load])

  if (appId) return <AppEditor key={appId} appId={appId} />
  return (
    <>
      <p className="console-muted">
        Every app this server signs users in to. Open one to change its settings.
      </p>
      {creating ? (
        <CreateApp onCancel={() => setCreating(false)} />
      ) : (
        <button type="button" className="console-primary" onClick={() => setCreating(true)}>
          New app
        </button>
      )}
      {error ? <ErrorNotice error={error} onRetry={() => void load()} /> : null}
      {!apps && !error ? <Loading label="Loading apps…" /> : null}
      {apps ? (
        <DataTable
          caption="Apps, oldest first"
          columns={['Name', 'App id', 'Allowed origins']}
          rows={apps}
          rowKey={(app) => app.id}
          cells={(app) => (
            <>
              <td>
                <a href={consoleHref('apps', app.id)}>{app.name}</a>
              </td>
              <td>
                <code>{app.id}</code>
              </td>
              <td>{app.allowed_origins.join(', ') || '—'}</td>
            </>
          )}
        />
      ) : null}
    </>
  )
}
