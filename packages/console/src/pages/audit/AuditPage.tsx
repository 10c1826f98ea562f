import { type ConsoleAuditEvent, consoleAuditPageSchema } from '@foyer/protocol/console'
import { useCallback, useEffect, useState } from 'react'
import { useConsoleApi } from '../../api/ConsoleApiContext'
import type { ConsoleApiError } from '../../api/ConsoleApiError'
import { DataTable } from '../../shell/DataTable'
import { ErrorNotice, Loading } from '../../shell/Notices'
import type { ConsolePageProps } from '../ConsolePage'

const PAGE_SIZE = 50

/** A before/after state as readable JSON, or a dash when there is none. */
function StateView({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return <span className="console-muted">—</span>
  return (
    <details>
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  )
}

/**
 * The audit log (docs/console.md#audit-log): every change operators made, newest first, 50 at a time with
 * 'Load more'; each row says who, when, what and the target before and after (secrets masked by the
 * server).
 */
export function AuditPage(_props: ConsolePageProps) {
  const api = useConsoleApi()
  const [events, setEvents] = useState<ConsoleAuditEvent[]>([])
  const [cursor, setCursor] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<ConsoleApiError | null>(null)

  const load = useCallback(
    async (after: string | null) => {
      setLoading(true)
      setError(null)
      try {
        const page = await api.get('/api/v1/console/audit', consoleAuditPageSchema, {
          limit: PAGE_SIZE,
          cursor: after ?? undefined,
        })
        setEvents((previous) => (after ? [...previous, ...page.events] : page.events))
        setCursor(page.next_cursor)
      } catch (caught) {
        setError(caught as ConsoleApiError)
      } finally {
        setLoading(false)
      }
    },
    [api],
  )
  useEffect(() => {
    void load(null)
  }, [load])

  return (
    <>
      <p className="console-muted">Every change made in this console: who made it, when, and what changed.</p>
      {error ? <ErrorNotice error={error} onRetry={() => void load(cursor)} /> : null}
      {events.length === 0 && !loading && !error ? <p>No changes recorded yet.</p> : null}
      {events.length > 0 ? (
        <DataTable
          caption="Audit log, newest first"
          columns={['When', 'Operator', 'Action', 'Target', 'Before', 'After']}
          rows={events}
          rowKey={(event) => event.id}
          cells={(event) => (
            <>
              <td>
                <time dateTime={event.created_at}>{new Date(event.created_at).toLocaleString()}</time>
              </td>
              <td>{event.operator.email}</td>
              <td>
                <code>{event.action}</code>
              </td>
              <td>
                {event.target.type} <code>{event.target.id}</code>
              </td>
              <td>
                <StateView label="Before" value={event.before} />
              </td>
              <td>
                <StateView label="After" value={event.after} />
              </td>
            </>
          )}
        />
      ) : null}
      {loading ? <Loading /> : null}
      {cursor && !loading ? (
        <button type="button" onClick={() => void load(cursor)}>
          Load more
        </button>
      ) : null}
    </>
  )
}
