import { passkeyDisplayName } from '@foyer/core'
import type { PasskeyAccount } from '@foyer/protocol'
import { PASSKEY_LIST_FULL_COUNT, PASSKEY_LIST_PREVIEW_COUNT } from '@foyer/protocol'
import { useFoyer, useLinkPasskey } from '@foyer/react'
import { useState } from 'react'

/**
 * The signed-in user's passkeys (docs/wire.md display names; the list shows 2 before 'View all',
 * docs/limits.md) and a 'Link a passkey' button (`useLinkPasskey`), with the documented error text
 * (docs/errors.md) on failure.
 */
export function PasskeyPanel() {
  const { user } = useFoyer()
  const { linkPasskey, openLinkPasskey, linking, error } = useLinkPasskey()
  const [showAll, setShowAll] = useState(false)
  const passkeys = (user?.linked_accounts ?? []).filter(
    (account): account is PasskeyAccount => account.type === 'passkey',
  )
  const collapsed = !showAll && passkeys.length > PASSKEY_LIST_FULL_COUNT
  const shown = collapsed ? passkeys.slice(0, PASSKEY_LIST_PREVIEW_COUNT) : passkeys
  return (
    <section>
      <h2>Passkeys</h2>
      <ul data-testid="passkey-list">
        {shown.map((passkey) => (
          <li key={passkey.credential_id}>{passkeyDisplayName(passkey)}</li>
        ))}
      </ul>
      {collapsed ? (
        <button type="button" onClick={() => setShowAll(true)}>
          View all
        </button>
      ) : null}
      <p>
        <button type="button" disabled={linking} onClick={() => void linkPasskey().catch(() => {})}>
          Link a passkey
        </button>{' '}
        <button type="button" onClick={() => void openLinkPasskey().catch(() => {})}>
          Manage passkeys
        </button>
      </p>
      {error ? <p role="alert">{error.message}</p> : null}
    </section>
  )
}
