import { useId, useState } from 'react'
import type { Messages } from '../../../i18n/Messages'
import { Button } from '../../../ui/Button'
import { useButtonDelay } from './useButtonDelay'

/**
 * Step 'finalizing' (docs/modal.md "Confirm you have saved", docs/limits.md): the acknowledgement checkbox,
 * Cancel (only when the user started the flow) and 'Set Password', enabled only when the box is ticked.
 */
export function FinalizePasswordStep({
  messages,
  busy,
  error,
  cancellable,
  onCancel,
  onSubmit,
}: {
  messages: Messages
  busy: boolean
  error: string | undefined
  cancellable: boolean
  onCancel(): void
  onSubmit(): void
}) {
  const m = messages.password
  const [checked, setChecked] = useState(false)
  const enabled = useButtonDelay()
  const id = useId()
  return (
    <div className="foyer-field">
      <label className="foyer-checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => setChecked(event.target.checked)}
        />
        <span>{m.acknowledge}</span>
      </label>
      {error ? (
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <div className="foyer-actions">
        {cancellable ? (
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {messages.wallet.cancel}
          </Button>
        ) : null}
        <Button busy={busy} disabled={!checked || !enabled} onClick={onSubmit}>
          {m.submit}
        </Button>
      </div>
    </div>
  )
}
