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
import { Alert } from '../../../ui/Alert'
import { Button } from '../../../ui/Button'
import { CheckIcon } from '../../../ui/icons'
import { passkeyName } from './passkeyName'

// `PASSKEY_LIMIT`, `PASSKEY_LIST_FULL_COUNT` and `PASSKEY_LIST_PREVIEW_COUNT` of `@foyer/protocol`
// (docs/passkeys.md); kept here because the protocol module that holds them also holds zod schemas (bundle size).
const PASSKEY_LIMIT = 5
const PASSKEY_LIST_FULL_COUNT = 3
const PASSKEY_LIST_PREVIEW_COUNT = 2

/**
 * 'Your passkeys' (docs/passkeys.md): the signed-in user's passkeys by display name ('authenticator on
 * browser', 'browser on OS', else 'Unknown device') with when each was last used; up to 3 shown, else the
 * first 2 and 'View all'. 'Add new passkey' runs `linkPasskey` (up to 5); each row has a Remove button
 * (`unlinkPasskey`). The outcome shows under the list and is announced. Closing the modal ends the flow.
 */
/** When the passkey last signed in (Unix seconds): its latest verification, else when it was added. */
function lastUsed(account: PasskeyAccount): number | null {
  return account.latest_verified_at ?? account.first_verified_at ?? null
}

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
  const collapsible = passkeys.length > PASSKEY_LIST_FULL_COUNT
  const shown = expanded || !collapsible ? passkeys : passkeys.slice(0, PASSKEY_LIST_PREVIEW_COUNT)

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
                  {lastUsed(account) ? (
                    <small className="foyer-text">
                      {formatMessage(m.lastUsed, { date: format.date(lastUsed(account) ?? 0) })}
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
      {collapsible ? (
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
      {error ? <Alert>{error}</Alert> : null}
      <p className={status ? 'foyer-row foyer-status-ok' : 'foyer-sr-only'} role="status" aria-live="polite">
        {status ? <CheckIcon /> : null}
        {status}
      </p>
    </div>
  )
}
