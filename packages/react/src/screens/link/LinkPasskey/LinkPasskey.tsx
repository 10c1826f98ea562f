import { linkPasskey, unlinkPasskey } from '@foyer/core'
import type { PasskeyAccount } from '@foyer/protocol'
import { useState } from 'react'
import { errorOutcome } from '../../../errors/errorOutcome'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { passkeyName } from './passkeyName'

// `PASSKEY_LIMIT` (5) and `PASSKEY_LIST_PREVIEW_COUNT` (2) of `@foyer/protocol` (docs/limits.md); kept here
// because the protocol module that holds them also holds zod schemas (bundle size).
const PASSKEY_LIMIT = 5
const PASSKEY_LIST_PREVIEW_COUNT = 2

/**
 * The passkey list ('Link passkey', docs/modal.md, docs/limits.md): the signed-in user's passkeys by display
 * name ('authenticator on browser', 'browser on OS', else 'Unknown device'), 2 shown before 'View all'; 'Add
 * new passkey' runs `linkPasskey` (up to 5; errors per docs/errors.md "Passkey"); each row has a Remove
 * button (`unlinkPasskey`). Status changes are announced. Closing the modal ends the flow.
 */
export function LinkPasskey(_props: ScreenProps<'linkPasskey'>) {
  const { client, state, messages, format } = useModal()
  const m = messages.passkey
  const [expanded, setExpanded] = useState(false)
  const [busy, setBusy] = useState<'link' | string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const isMounted = useIsMounted()
  const passkeys = (state.user?.linked_accounts ?? []).filter(
    (account): account is PasskeyAccount => account.type === 'passkey',
  )
  const shown = expanded ? passkeys : passkeys.slice(0, PASSKEY_LIST_PREVIEW_COUNT)

  const run = async (id: string, action: () => Promise<unknown>, done: string) => {
    if (busy) return
    setBusy(id)
    setError(null)
    setStatus('')
    try {
      await action()
      if (isMounted()) setStatus(done)
    } catch (caught) {
      if (isMounted()) setError(errorOutcome('passkey', toErrorInfo(caught)).text(messages))
    } finally {
      if (isMounted()) setBusy(null)
    }
  }

  return (
    <div className="foyer-screen">
      <div className="foyer-header">
        <ScreenTitle>{m.listTitle}</ScreenTitle>
      </div>
      <p className="foyer-text">{m.listDetail}</p>
      {passkeys.length === 0 ? (
        <p className="foyer-text">{m.listEmpty}</p>
      ) : (
        <ul className="foyer-list">
          {shown.map((account) => {
            const name = passkeyName(account, messages.passkey)
            return (
              <li key={account.credential_id} className="foyer-list-item">
                <span>
                  {name}
                  <br />
                  {account.first_verified_at ? (
                    <small className="foyer-text">
                      {formatMessage(m.linkedAt, {
                        date: format.date(account.first_verified_at),
                      })}
                    </small>
                  ) : null}
                </span>
                <Button
                  variant="secondary"
                  aria-label={formatMessage(m.remove, { name })}
                  busy={busy === account.credential_id}
                  disabled={busy !== null && busy !== account.credential_id}
                  onClick={() =>
                    run(
                      account.credential_id,
                      () => unlinkPasskey(client, { credentialId: account.credential_id }),
                      m.removed,
                    )
                  }
                >
                  ✕
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      {passkeys.length > PASSKEY_LIST_PREVIEW_COUNT ? (
        <Button variant="link" aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
          {expanded ? m.showLess : m.viewAll}
        </Button>
      ) : null}
      <Button
        block
        busy={busy === 'link'}
        disabled={passkeys.length >= PASSKEY_LIMIT || (busy !== null && busy !== 'link')}
        onClick={() => run('link', () => linkPasskey(client), m.linked)}
      >
        {busy === 'link' ? m.linking : m.addPasskey}
      </Button>
      {error ? (
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
      <p className="foyer-sr-only" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  )
}
