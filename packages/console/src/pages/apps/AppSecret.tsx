import {
  type ConsoleAppSecret,
  consoleAppSecretRotationSchema,
  consoleAppSecretsSchema,
} from '@foyer/protocol/console'
import { useCallback, useEffect, useState } from 'react'
import { useConsoleApi } from '../../api/ConsoleApiContext'
import type { ConsoleApiError } from '../../api/ConsoleApiError'
import { ErrorNotice, Loading } from '../../shell/Notices'
import { ConfirmDialog } from '../users/ConfirmDialog'

/**
 * Secrets just made, by app id, until their section shows them: the create form hands the new app's first
 * secret over to the editor it opens. Kept in memory only; taking one removes it.
 */
const freshSecrets = new Map<string, string>()

/** Hands `secret`, the value the create call answered for app `appId`, to that app's secret section. */
export function handOverNewSecret(appId: string, secret: string): void {
  freshSecrets.set(appId, secret)
}

const when = (seconds: number) => new Date(seconds * 1000).toLocaleString()

/** The secret's value, once: selectable, with a Copy button and the warning that it is not shown again. */
function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }
  return (
    <section className="console-notice" aria-labelledby="new-secret-title">
      <h3 id="new-secret-title">New app secret</h3>
      <p>
        Copy it now and keep it on your server: it is shown only once. Your back end sends it with the app id
        by HTTP Basic authentication.
      </p>
      <p>
        <code data-testid="app-secret-value">{secret}</code>
      </p>
      {/* Focus lands here, so a keyboard user copies with Enter. */}
      {/* biome-ignore lint/a11y/noAutofocus: the secret just appeared and must be copied before anything else */}
      <button type="button" className="console-primary" autoFocus onClick={() => void copy()}>
        {copied === 'yes' ? 'Copied' : 'Copy secret'}
      </button>{' '}
      <button type="button" onClick={onDone}>
        I have saved it
      </button>
      {copied === 'failed' ? (
        <p className="console-muted">The browser refused the clipboard: select the secret and copy it.</p>
      ) : null}
    </section>
  )
}

/**
 * The app's secret for the server API (docs/server-api.md#app-secrets): the live secrets (never their
 * values), a new one shown once after the app is created or a rotation, 'Rotate secret' (the current one
 * keeps working for 24 hours) and 'Revoke previous secrets' (they stop at once), each confirmed first.
 */
export function AppSecret({ appId }: { appId: string }) {
  const api = useConsoleApi()
  const base = `/api/v1/console/apps/${appId}`
  const [secrets, setSecrets] = useState<ConsoleAppSecret[] | null>(null)
  const [fresh, setFresh] = useState<string | null>(() => freshSecrets.get(appId) ?? null)
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null)
  const [error, setError] = useState<ConsoleApiError | null>(null)

  const load = useCallback(async () => {
    setError(null)
    try {
      setSecrets((await api.get(`${base}/secrets`, consoleAppSecretsSchema)).secrets)
    } catch (caught) {
      setError(caught as ConsoleApiError)
    }
  }, [api, base])

  useEffect(() => {
    freshSecrets.delete(appId)
    void load()
  }, [appId, load])

  const rotate = async () => {
    const answer = await api.send('POST', `${base}/rotate_secret`, undefined, consoleAppSecretRotationSchema)
    setSecrets(answer.secrets)
    setFresh(answer.app_secret)
    setConfirming(null)
  }
  const revoke = async () => {
    setSecrets(
      (await api.send('POST', `${base}/revoke_previous_secrets`, undefined, consoleAppSecretsSchema)).secrets,
    )
    setConfirming(null)
  }

  const hasPrevious = secrets?.some((secret) => secret.expires_at !== null) ?? false
  return (
    <section className="console-section" aria-labelledby="section-secret">
      <h2 id="section-secret">App secret</h2>
      {fresh ? <NewSecret secret={fresh} onDone={() => setFresh(null)} /> : null}
      {error ? <ErrorNotice error={error} onRetry={() => void load()} /> : null}
      {secrets === null && !error ? <Loading /> : null}
      {secrets?.length === 0 ? (
        <p>This app has no secret yet: its back end cannot call the server API until you create one.</p>
      ) : null}
      {secrets && secrets.length > 0 ? (
        <ul aria-label="Live secrets">
          {secrets.map((secret) => (
            <li key={secret.id}>
              <code>{secret.id}</code> created {when(secret.created_at)}{' '}
              {secret.expires_at === null
                ? '(current)'
                : `(previous: refused after ${when(secret.expires_at)})`}
            </li>
          ))}
        </ul>
      ) : null}
      {secrets ? (
        <p>
          <button type="button" onClick={() => setConfirming('rotate')}>
            {secrets.length === 0 ? 'Create secret' : 'Rotate secret'}
          </button>{' '}
          {hasPrevious ? (
            <button type="button" className="console-danger" onClick={() => setConfirming('revoke')}>
              Revoke previous secrets
            </button>
          ) : null}
        </p>
      ) : null}
      {confirming === 'rotate' ? (
        <ConfirmDialog
          title={secrets?.length ? 'Rotate the app secret?' : 'Create an app secret?'}
          confirmLabel={secrets?.length ? 'Rotate secret' : 'Create secret'}
          onConfirm={rotate}
          onCancel={() => setConfirming(null)}
        >
          <p>
            A new secret is made and shown once.
            {secrets?.length
              ? ' The current secret keeps working for 24 hours, so your back end can switch over.'
              : ''}
          </p>
        </ConfirmDialog>
      ) : null}
      {confirming === 'revoke' ? (
        <ConfirmDialog
          title="Revoke previous secrets?"
          confirmLabel="Revoke"
          danger
          onConfirm={revoke}
          onCancel={() => setConfirming(null)}
        >
          <p>Calls with a previous secret are refused at once. The current secret keeps working.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
