import type { MfaMethod } from '@foyer/protocol'
import type { ConsoleUserRecord } from '@foyer/protocol/console'
import { useId, useState } from 'react'
import { useConsoleApi, useConsoleResource } from '../../api/ConsoleApiContext'
import type { ConsoleApiError } from '../../api/ConsoleApiError'
import { ErrorNotice, Loading } from '../../shell/Notices'
import { consoleHref, navigateTo } from '../../shell/route'
import { ConfirmDialog } from './ConfirmDialog'
import {
  FACTOR_NAMES,
  FactorsSection,
  LinkedAccountsSection,
  SessionsSection,
  Time,
  WalletsSection,
} from './UserSections'
import { deleteUser, downloadJson, exportUser, getUserRecord, removeFactor, revokeSessions } from './usersApi'

/** The dialog open on the page, if any. */
type Pending =
  | { kind: 'revoke'; sessionId: string | null }
  | { kind: 'remove-factor'; type: MfaMethod['type'] }
  | { kind: 'delete' }
  | null

/** The confirmation of removing a factor: the required out-of-band check and an optional note. */
function RemoveFactorDialog(props: {
  type: MfaMethod['type']
  onConfirm(note: string): Promise<void>
  onCancel(): void
}) {
  const checkId = useId()
  const noteId = useId()
  const [verified, setVerified] = useState(false)
  const [note, setNote] = useState('')
  const name = FACTOR_NAMES[props.type]
  return (
    <ConfirmDialog
      title={`Remove ${name}?`}
      confirmLabel={`Remove ${name}`}
      danger
      canConfirm={verified}
      onConfirm={() => props.onConfirm(note)}
      onCancel={props.onCancel}
    >
      <p>
        The user will no longer be asked for this factor. Do this only after you verified who is asking,
        through a channel other than this request.
      </p>
      <p className="console-check">
        <input
          id={checkId}
          type="checkbox"
          checked={verified}
          onChange={(event) => setVerified(event.target.checked)}
        />
        <label htmlFor={checkId}>I verified the user’s identity out of band</label>
      </p>
      <div className="console-field">
        <label htmlFor={noteId}>Note for the audit log (optional)</label>
        <textarea
          id={noteId}
          value={note}
          maxLength={500}
          rows={2}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  )
}

/** The confirmation of deleting the user: the operator types the user's id again. */
function DeleteUserDialog(props: {
  userId: string
  onConfirm(typed: string): Promise<void>
  onCancel(): void
}) {
  const inputId = useId()
  const [typed, setTyped] = useState('')
  return (
    <ConfirmDialog
      title="Delete this user?"
      confirmLabel="Delete user"
      danger
      canConfirm={typed.trim() === props.userId}
      onConfirm={() => props.onConfirm(typed.trim())}
      onCancel={props.onCancel}
    >
      <p>
        The user, their linked accounts, wallets (with their key shares), second factors and sessions are
        deleted for good. Export their data first if you need it.
      </p>
      <div className="console-field">
        <label htmlFor={inputId}>
          Type the user ID <code>{props.userId}</code> to confirm
        </label>
        <input
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
    </ConfirmDialog>
  )
}

/**
 * A user's page (docs/console.md#users): who they are, their linked accounts, wallets, MFA factors and
 * sessions, and the operator's actions, each behind a confirmation: revoke one session or all, remove a
 * factor (after verifying the user out of band), export the data as JSON, delete the user.
 */
export function UserPage({ userId }: { userId: string }) {
  const api = useConsoleApi()
  const record = useConsoleResource((client) => getUserRecord(client, userId), [userId])
  const [pending, setPending] = useState<Pending>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<ConsoleApiError | null>(null)

  const done = (message: string) => {
    setPending(null)
    setNotice(message)
    record.reload()
  }

  const exportData = async () => {
    setExporting(true)
    setExportError(null)
    try {
      downloadJson(`user-${userId}.json`, await exportUser(api, userId))
      setNotice('The export was downloaded.')
    } catch (caught) {
      setExportError(caught as ConsoleApiError)
    } finally {
      setExporting(false)
    }
  }

  const data: ConsoleUserRecord | undefined = record.data
  return (
    <>
      <p>
        <a href={consoleHref('users')}>← Back to the search</a>
      </p>
      {record.error ? <ErrorNotice error={record.error} onRetry={record.reload} /> : null}
      {!data && record.loading ? <Loading label="Loading the user…" /> : null}
      {notice ? (
        <p className="console-notice" role="status">
          {notice}
        </p>
      ) : null}
      {data ? (
        <>
          <section aria-labelledby="user-summary" className="console-section">
            <h2 id="user-summary">
              <code>{data.user.id}</code>
            </h2>
            <dl className="console-facts">
              <dt>App</dt>
              <dd>
                <code>{data.app_id}</code>
              </dd>
              <dt>Created</dt>
              <dd>
                <Time seconds={data.user.created_at} />
              </dd>
              <dt>Guest</dt>
              <dd>{data.user.is_guest ? 'Yes' : 'No'}</dd>
            </dl>
            <p className="console-actions">
              <button
                type="button"
                onClick={() => void exportData()}
                disabled={exporting}
                aria-busy={exporting}
              >
                {exporting ? 'Exporting…' : 'Export data (JSON)'}
              </button>{' '}
              <button type="button" className="console-danger" onClick={() => setPending({ kind: 'delete' })}>
                Delete user…
              </button>
            </p>
            {exportError ? <ErrorNotice error={exportError} onRetry={() => void exportData()} /> : null}
          </section>
          <LinkedAccountsSection accounts={data.user.linked_accounts} />
          <WalletsSection wallets={data.wallets} />
          <FactorsSection
            factors={data.mfa_factors}
            onRemove={(type) => setPending({ kind: 'remove-factor', type })}
          />
          <SessionsSection
            sessions={data.sessions}
            onRevoke={(sessionId) => setPending({ kind: 'revoke', sessionId })}
          />
        </>
      ) : null}
      {pending?.kind === 'revoke' ? (
        <ConfirmDialog
          title={pending.sessionId ? 'Revoke this session?' : 'Revoke all sessions?'}
          confirmLabel={pending.sessionId ? 'Revoke session' : 'Revoke all sessions'}
          danger
          onConfirm={async () => {
            const count = await revokeSessions(api, userId, pending.sessionId ?? undefined)
            done(count === 1 ? '1 session revoked.' : `${count} sessions revoked.`)
          }}
          onCancel={() => setPending(null)}
        >
          <p>
            {pending.sessionId
              ? 'The device signed in with this session is signed out at its next request.'
              : 'Every device of this user is signed out at its next request; they must sign in again.'}
          </p>
        </ConfirmDialog>
      ) : null}
      {pending?.kind === 'remove-factor' ? (
        <RemoveFactorDialog
          type={pending.type}
          onConfirm={async (note) => {
            await removeFactor(api, userId, {
              type: pending.type,
              verified_out_of_band: true,
              ...(note.trim() ? { note: note.trim() } : {}),
            })
            done(`${FACTOR_NAMES[pending.type]} removed.`)
          }}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === 'delete' ? (
        <DeleteUserDialog
          userId={userId}
          onConfirm={async (typed) => {
            await deleteUser(api, userId, typed)
            setPending(null)
            navigateTo('users')
          }}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  )
}
