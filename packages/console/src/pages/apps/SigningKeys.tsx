import { type ConsoleAppDetail, consoleAppDetailSchema } from '@foyer/protocol/console'
import { useState } from 'react'
import { useConsoleApi } from '../../api/ConsoleApiContext'
import type { ConsoleApiError } from '../../api/ConsoleApiError'
import { ErrorNotice } from '../../shell/Notices'

/**
 * The app's signing keys (docs/console.md#signing-key-rotation): the current one and those retired by a
 * rotation, still verifying until their tokens expire; 'Rotate signing key' asks once more, then rotates.
 */
export function SigningKeys({
  app,
  onRotated,
}: {
  app: ConsoleAppDetail
  onRotated: (app: ConsoleAppDetail) => void
}) {
  const api = useConsoleApi()
  const [confirming, setConfirming] = useState(false)
  const [rotating, setRotating] = useState(false)
  const [error, setError] = useState<ConsoleApiError | null>(null)

  const rotate = async () => {
    setRotating(true)
    setError(null)
    try {
      onRotated(
        await api.send(
          'POST',
          `/api/v1/console/apps/${app.id}/rotate_signing_key`,
          undefined,
          consoleAppDetailSchema,
        ),
      )
      setConfirming(false)
    } catch (caught) {
      setError(caught as ConsoleApiError)
    } finally {
      setRotating(false)
    }
  }

  return (
    <section className="console-section" aria-labelledby="section-keys">
      <h2 id="section-keys">Signing keys</h2>
      <ul>
        {app.signing_keys.map((key) => (
          <li key={key.kid}>
            <code>{key.kid}</code>{' '}
            {key.verify_until === null
              ? '(current: signs new tokens)'
              : `(retired: verifies tokens until ${new Date(key.verify_until * 1000).toLocaleString()})`}
          </li>
        ))}
      </ul>
      {confirming ? (
        <fieldset className="console-choices">
          <legend>
            New tokens will be signed with a new key. The current key keeps verifying the tokens it signed
            until they expire. Rotate now?
          </legend>
          <button type="button" className="console-primary" disabled={rotating} onClick={() => void rotate()}>
            {rotating ? 'Rotating…' : 'Rotate now'}
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </fieldset>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          Rotate signing key
        </button>
      )}
      {error ? <ErrorNotice error={error} /> : null}
    </section>
  )
}
