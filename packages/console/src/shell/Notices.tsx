import type { ConsoleApiError } from '../api/ConsoleApiError'

/** A wait in progress, announced politely to screen readers. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="console-muted" role="status">
      {label}
    </p>
  )
}

/** A failed call: its readable message (and code), announced at once; `onRetry` adds a 'Try again' button. */
export function ErrorNotice({ error, onRetry }: { error: ConsoleApiError | Error; onRetry?: () => void }) {
  const code = 'code' in error ? error.code : undefined
  return (
    <div className="console-error" role="alert">
      <p>
        {error.message}
        {code ? <span className="console-muted"> ({code})</span> : null}
      </p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
