import type { LinkedAccount, MfaMethod } from '@foyer/protocol'
import type { ConsoleSession, ConsoleWallet } from '@foyer/protocol/console'
import { DataTable } from '../../shell/DataTable'

/** Unix seconds as a `<time>` in the operator's locale. */
export function Time({ seconds }: { seconds: number | null }) {
  if (seconds === null) return <span className="console-muted">—</span>
  const date = new Date(seconds * 1000)
  return <time dateTime={date.toISOString()}>{date.toLocaleString()}</time>
}

/** The identifier an operator recognises in a linked account (address, number, email, username, subject…). */
export function accountIdentifier(account: LinkedAccount): string {
  const fields = account as Record<string, unknown>
  for (const field of ['address', 'number', 'email', 'username', 'subject', 'fid', 'credential_id']) {
    const value = fields[field]
    if (typeof value === 'string' && value !== '') return value
    if (typeof value === 'number') return `${field} ${value}`
  }
  return '—'
}

/** The names of the MFA factor types. */
export const FACTOR_NAMES: Record<MfaMethod['type'], string> = {
  sms: 'SMS',
  totp: 'Authenticator app',
  passkey: 'Passkey',
}

/** A section with a heading and, when `empty`, a sentence instead of its table. */
function Section(props: { id: string; title: string; empty: string | null; children: React.ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="console-section">
      <h2 id={props.id}>{props.title}</h2>
      {props.empty ? <p className="console-muted">{props.empty}</p> : props.children}
    </section>
  )
}

/** The user's linked accounts in their wire shape: type, identifier, verification times. */
export function LinkedAccountsSection({ accounts }: { accounts: readonly LinkedAccount[] }) {
  const shown = accounts.filter(
    (account) =>
      !(account.type === 'wallet' && 'connector_type' in account && account.connector_type === 'embedded'),
  )
  return (
    <Section
      id="user-accounts"
      title="Linked accounts"
      empty={shown.length === 0 ? 'No linked accounts.' : null}
    >
      <DataTable
        columns={['Type', 'Identifier', 'First verified', 'Last verified']}
        rows={shown}
        rowKey={(account) => `${account.type}:${accountIdentifier(account)}:${account.verified_at}`}
        cells={(account) => (
          <>
            <td>
              <code>{account.type}</code>
            </td>
            <td>{accountIdentifier(account)}</td>
            <td>
              <Time seconds={account.first_verified_at ?? account.verified_at} />
            </td>
            <td>
              <Time seconds={account.latest_verified_at ?? null} />
            </td>
          </>
        )}
      />
    </Section>
  )
}

/** The user's embedded wallets: address, chains, index, recovery method. Never key material. */
export function WalletsSection({ wallets }: { wallets: readonly ConsoleWallet[] }) {
  return (
    <Section id="user-wallets" title="Wallets" empty={wallets.length === 0 ? 'No embedded wallets.' : null}>
      <DataTable
        columns={['Address', 'Chains', 'Index', 'Recovery', 'Created']}
        rows={wallets}
        rowKey={(wallet) => wallet.id || wallet.address}
        cells={(wallet) => (
          <>
            <td>
              <code>{wallet.address}</code>
              {wallet.imported ? <span className="console-muted"> (imported)</span> : null}
              {wallet.delegated ? <span className="console-muted"> (delegated)</span> : null}
            </td>
            <td>
              {wallet.chain_type} <code>{wallet.chains}</code>
            </td>
            <td>{wallet.wallet_index}</td>
            <td>{wallet.recovery_method}</td>
            <td>
              <Time seconds={wallet.created_at} />
            </td>
          </>
        )}
      />
    </Section>
  )
}

/** The user's MFA factors, each with 'Remove…'. */
export function FactorsSection(props: {
  factors: readonly MfaMethod[]
  onRemove(type: MfaMethod['type']): void
}) {
  return (
    <Section
      id="user-factors"
      title="MFA factors"
      empty={props.factors.length === 0 ? 'No second factor.' : null}
    >
      <ul className="console-list">
        {props.factors.map((factor) => (
          <li key={factor.type}>
            <span>
              {FACTOR_NAMES[factor.type]} <span className="console-muted">since </span>
              <Time seconds={factor.verified_at} />
            </span>{' '}
            <button type="button" onClick={() => props.onRemove(factor.type)}>
              Remove {FACTOR_NAMES[factor.type]}…
            </button>
          </li>
        ))}
      </ul>
    </Section>
  )
}

const STATUS_NAMES: Record<ConsoleSession['status'], string> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
  idle: 'Idle (timed out)',
}

/** The user's sessions, newest first: device, times, status; 'Revoke' on each live one and 'Revoke all'. */
export function SessionsSection(props: {
  sessions: readonly ConsoleSession[]
  onRevoke(sessionId: string | null): void
}) {
  const active = props.sessions.filter((session) => session.status === 'active')
  return (
    <Section id="user-sessions" title="Sessions" empty={props.sessions.length === 0 ? 'No sessions.' : null}>
      <p>
        <button
          type="button"
          className="console-danger"
          disabled={active.length === 0}
          onClick={() => props.onRevoke(null)}
        >
          Revoke all sessions…
        </button>{' '}
        <span className="console-muted">{active.length} active</span>
      </p>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last seen</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="console-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.sessions.map((session) => (
              <tr key={session.id}>
                <td>{session.user_agent ?? <span className="console-muted">Unknown device</span>}</td>
                <td>
                  <Time seconds={session.created_at} />
                </td>
                <td>
                  <Time seconds={session.last_seen_at} />
                </td>
                <td>
                  <Time seconds={session.expires_at} />
                </td>
                <td>{STATUS_NAMES[session.status]}</td>
                <td>
                  {session.status === 'active' ? (
                    <button
                      type="button"
                      onClick={() => props.onRevoke(session.id)}
                      aria-label={`Revoke the session signed in at ${new Date(session.created_at * 1000).toLocaleString()}`}
                    >
                      Revoke…
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  )
}
