import type { ConsoleUserSummary } from '@foyer/protocol/console'
import { type FormEvent, useId, useState } from 'react'
import { useConsoleApi } from '../../api/ConsoleApiContext'
import type { ConsoleApiError } from '../../api/ConsoleApiError'
import { AppSelect } from '../../shell/AppSelect'
import { DataTable } from '../../shell/DataTable'
import { ErrorNotice, Loading } from '../../shell/Notices'
import { consoleHref } from '../../shell/route'
import { searchUsers } from './usersApi'

/** When a search ran: its inputs, the users found so far and the next page's cursor. */
type Results = { q: string; appId: string; users: ConsoleUserSummary[]; cursor: string | null }

/**
 * The user search (docs/console.md#users): one field for an email address, phone number, wallet address, DID
 * or OAuth subject, and an optional app id (without a query, the app's users are listed). Results newest
 * first, 25 at a time with 'Load more'; each links to the user's page.
 */
export function UserSearchPage() {
  const api = useConsoleApi()
  const queryId = useId()
  const hintId = useId()
  const [query, setQuery] = useState('')
  const [app, setApp] = useState('')
  const [results, setResults] = useState<Results | null>(null)
  const [lastSearch, setLastSearch] = useState<{ q: string; appId: string } | null>(null)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<ConsoleApiError | null>(null)

  const run = async (search: { q: string; appId: string }, after: Results | null) => {
    setLoading(true)
    setError(null)
    setLastSearch(search)
    try {
      const page = await searchUsers(api, { ...search, cursor: after?.cursor ?? undefined })
      setResults({
        ...search,
        users: after ? [...after.users, ...page.users] : page.users,
        cursor: page.next_cursor,
      })
    } catch (caught) {
      setError(caught as ConsoleApiError)
    } finally {
      setLoading(false)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run({ q: query.trim(), appId: app.trim() }, null)
  }

  return (
    <>
      <search>
        <form className="console-search" onSubmit={submit}>
          <div className="console-field">
            <label htmlFor={queryId}>Find a user</label>
            <input
              id={queryId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              aria-describedby={hintId}
              autoComplete="off"
              spellCheck={false}
            />
            <p id={hintId} className="console-muted">
              Email address, phone number, wallet address, DID or OAuth subject.
            </p>
          </div>
          <div className="console-field">
            <AppSelect value={app} onChange={setApp} />
          </div>
          <button
            type="submit"
            className="console-primary"
            disabled={loading || (!query.trim() && !app.trim())}
          >
            Search
          </button>
        </form>
      </search>
      {error ? <ErrorNotice error={error} onRetry={() => lastSearch && void run(lastSearch, null)} /> : null}
      {results && results.users.length === 0 && !loading ? (
        <p role="status">No user matches {results.q ? <strong>{results.q}</strong> : 'this app'}.</p>
      ) : null}
      {results && results.users.length > 0 ? (
        <DataTable
          caption="Users found, newest first"
          columns={['User', 'Identifiers', 'App', 'Created']}
          rows={results.users}
          rowKey={(user) => user.id}
          cells={(user) => (
            <>
              <td>
                <a href={consoleHref('users', user.user_id)}>
                  <code>{user.id}</code>
                </a>
                {user.is_guest ? <span className="console-muted"> (guest)</span> : null}
              </td>
              <td>{user.identifiers.join(', ') || <span className="console-muted">—</span>}</td>
              <td>
                <code>{user.app_id}</code>
              </td>
              <td>
                <time dateTime={new Date(user.created_at * 1000).toISOString()}>
                  {new Date(user.created_at * 1000).toLocaleString()}
                </time>
              </td>
            </>
          )}
        />
      ) : null}
      {loading ? <Loading label="Searching…" /> : null}
      {results?.cursor && !loading ? (
        <button type="button" onClick={() => void run(results, results)}>
          Load more
        </button>
      ) : null}
    </>
  )
}
