import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import type { ConsoleApiError } from '../../api/ConsoleApiError'
import { ErrorNotice } from '../../shell/Notices'

/** What {@link ConfirmDialog} shows and does. */
export type ConfirmDialogProps = {
  /** The dialog's heading: what is about to happen. */
  title: string
  /** What the change does, in a sentence or two. */
  children: ReactNode
  /** The confirm button's label (the action's verb: 'Revoke', 'Delete user'). */
  confirmLabel: string
  /** Marks the confirm button as destructive. */
  danger?: boolean
  /** False keeps the confirm button disabled (a required confirmation not given yet). */
  canConfirm?: boolean
  /** Runs the change; the dialog shows progress while it runs, closes when it resolves, shows its error. */
  onConfirm(): Promise<void>
  /** Closes the dialog without a change (Cancel, Escape). */
  onCancel(): void
}

/**
 * A modal confirmation over the page, on the browser's own `<dialog>` (`showModal`: focus moves into it and
 * stays there, Escape cancels, the page behind is inert). The confirm button shows progress and is disabled
 * while the change runs; a failure stays in the dialog with its readable message and code.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, confirmLabel, danger = false, canConfirm = true, onConfirm, onCancel } = props
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ConsoleApiError | Error | null>(null)

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    // Focus starts on the first field, else on Cancel: a destructive change is never one Enter away.
    const first = element?.querySelector<HTMLElement>('input, textarea') ?? element?.querySelector('button')
    first?.focus()
    return () => element?.close()
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !canConfirm) return
    setBusy(true)
    setError(null)
    try {
      await onConfirm()
    } catch (caught) {
      setError(caught as ConsoleApiError | Error)
      setBusy(false)
    }
  }

  return (
    <dialog
      ref={dialog}
      className="console-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onCancel()
      }}
      onKeyDown={(event) => {
        // Escape cancels (also where the browser sends no `cancel` event); not while the change runs.
        if (event.key !== 'Escape') return
        event.preventDefault()
        if (!busy) onCancel()
      }}
    >
      <form onSubmit={(event) => void submit(event)}>
        <h2 id={titleId}>{title}</h2>
        {children}
        {error ? <ErrorNotice error={error} /> : null}
        <div className="console-dialog-actions">
          <button type="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            className={danger ? 'console-danger' : 'console-primary'}
            disabled={busy || !canConfirm}
            aria-busy={busy}
          >
            {busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  )
}
