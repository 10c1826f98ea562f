import { type AppSettings, defaultAppSettings, oauthProviders, toPublicAppConfig } from '@foyer/protocol'
import {
  type ConsoleAppDetail,
  type ConsoleFieldError,
  consoleAppDetailSchema,
  consoleFieldErrorsDataSchema,
} from '@foyer/protocol/console'
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { useConsoleApi } from '../../api/ConsoleApiContext'
import { ConsoleApiError } from '../../api/ConsoleApiError'
import { ErrorNotice, Loading } from '../../shell/Notices'
import { consoleHref } from '../../shell/route'
import { AppSecret } from './AppSecret'
import {
  DraftContext,
  type DraftValue,
  errorAt,
  type FieldPath,
  getAt,
  ListField,
  setAt,
  TextField,
} from './draft'
import { LoginMethodsSection } from './LoginMethodsSection'
import { CustomJwtSection, DelegatedActionsSection } from './MoreSettingsSections'
import {
  AccessSection,
  AppearanceSection,
  CaptchaSection,
  LegalSection,
  MfaSection,
  ProvidersSection,
  WalletsSection,
} from './SettingsSections'
import { SigningKeys } from './SigningKeys'

/** The real modal landing, loaded with the editor only (`@foyer/react/preview`). */
const LandingPreview = lazy(() =>
  import('@foyer/react/preview').then((module) => ({ default: module.LandingPreview })),
)

/** The page's CSP nonce (the server's config block, docs/console.md#the-page), for the preview's styles. */
function pageNonce(): string | undefined {
  try {
    const config = JSON.parse(document.getElementById('foyer-console-config')?.textContent ?? '{}') as {
      nonce?: unknown
    }
    return typeof config.nonce === 'string' ? config.nonce : undefined
  } catch {
    return undefined
  }
}

type Draft = { name: string; allowed_origins: string[]; settings: Record<string, unknown> }

const draftOf = (app: ConsoleAppDetail): Draft => ({
  name: app.name,
  allowed_origins: app.allowed_origins,
  settings: app.settings,
})

/** What a partly filled object setting needs to be whole (the server refuses a part). */
function completed(settings: Record<string, unknown>): Record<string, unknown> {
  let next = settings
  for (const provider of oauthProviders) {
    const client = getAt(next, ['oauth', 'clients', provider])
    if (client && typeof client === 'object')
      next = setAt(next, ['oauth', 'clients', provider], {
        client_secret: null,
        scopes: [],
        apple: null,
        ...client,
      }) as Record<string, unknown>
  }
  const moonpay = getAt(next, ['funding_providers', 'moonpay'])
  if (moonpay && typeof moonpay === 'object')
    next = setAt(next, ['funding_providers', 'moonpay'], { use_sandbox: false, ...moonpay }) as Record<
      string,
      unknown
    >
  return next
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="console-section" aria-labelledby={`section-${id}`}>
      <h2 id={`section-${id}`}>{title}</h2>
      {children}
    </section>
  )
}

/** The editor's settings sections after 'General', in order: anchor id, heading, the fields. */
const SETTINGS_SECTIONS = [
  ['login', 'Login methods', LoginMethodsSection],
  ['appearance', 'Appearance', AppearanceSection],
  ['access', 'Access', AccessSection],
  ['captcha', 'Captcha', CaptchaSection],
  ['legal', 'Terms and privacy', LegalSection],
  ['mfa', 'MFA', MfaSection],
  ['wallets', 'Wallets and funding', WalletsSection],
  ['custom-jwt', 'Custom JWT sign-in', CustomJwtSection],
  ['delegated', 'Delegated actions', DelegatedActionsSection],
  ['providers', 'Providers and secrets', ProvidersSection],
] as const

/**
 * The editor of one app (docs/console.md#apps): every setting in forms grouped by topic, a live preview of
 * the landing as the modal draws it, 'Save changes' (the server validates; each refused field shows its
 * message beside it), and the signing key's rotation.
 */
export function AppEditor({ appId }: { appId: string }) {
  const api = useConsoleApi()
  const [app, setApp] = useState<ConsoleAppDetail>()
  const [draft, setDraft] = useState<Draft>()
  const [fieldErrors, setFieldErrors] = useState<ConsoleFieldError[]>([])
  const [loadError, setLoadError] = useState<ConsoleApiError | null>(null)
  const [saveError, setSaveError] = useState<ConsoleApiError | null>(null)
  const [saving, setSaving] = useState(false)
  const [status, setStatus] = useState('')
  const [previewTheme, setPreviewTheme] = useState<'light' | 'dark'>('light')
  const [previewHeader, setPreviewHeader] = useState('')

  const load = useCallback(async () => {
    setLoadError(null)
    try {
      const loaded = await api.get(`/api/v1/console/apps/${appId}`, consoleAppDetailSchema)
      setApp(loaded)
      setDraft(draftOf(loaded))
    } catch (error) {
      setLoadError(error as ConsoleApiError)
    }
  }, [api, appId])
  useEffect(() => {
    void load()
  }, [load])

  const adopt = (next: ConsoleAppDetail, message: string) => {
    setApp(next)
    setDraft(draftOf(next))
    setFieldErrors([])
    setSaveError(null)
    setStatus(message)
  }

  const save = async () => {
    if (!draft) return
    setSaving(true)
    setStatus('Saving…')
    try {
      const body = {
        ...draft,
        allowed_origins: draft.allowed_origins.filter((origin) => origin !== ''),
        settings: completed(draft.settings),
      }
      adopt(await api.send('PATCH', `/api/v1/console/apps/${appId}`, body, consoleAppDetailSchema), 'Saved.')
    } catch (error) {
      const fields =
        error instanceof ConsoleApiError ? consoleFieldErrorsDataSchema.safeParse(error.data) : null
      setFieldErrors(fields?.success ? fields.data.fields : [])
      setSaveError(error as ConsoleApiError)
      setStatus('')
    } finally {
      setSaving(false)
    }
  }

  const draftValue = useMemo<DraftValue | null>(
    () =>
      draft
        ? {
            get: (path: FieldPath) => getAt(draft, path),
            set: (path: FieldPath, value: unknown) => {
              setDraft((current) => (current ? (setAt(current, path, value) as Draft) : current))
              setStatus('')
            },
            errorOf: (path: FieldPath) => errorAt(fieldErrors, path),
          }
        : null,
    [draft, fieldErrors],
  )

  const previewConfig = useMemo(() => {
    if (!app || !draft) return null
    const settings = { ...defaultAppSettings, ...draft.settings } as AppSettings
    return toPublicAppConfig(settings, {
      id: app.id,
      name: draft.name,
      verification_key: '',
      created_at: app.created_at,
      updated_at: app.updated_at,
      allowed_origins: draft.allowed_origins,
    })
  }, [app, draft])

  if (loadError) return <ErrorNotice error={loadError} onRetry={() => void load()} />
  if (!app || !draft || !draftValue || !previewConfig) return <Loading label="Loading the app…" />

  return (
    <DraftContext.Provider value={draftValue}>
      <p>
        <a href={consoleHref('apps')}>All apps</a>
      </p>
      <p className="console-muted">
        App id <code>{app.id}</code>
      </p>
      <form
        className="console-editor"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <div className="console-editor-fields">
          <Section id="general" title="General">
            <TextField path={['name']} label="Name" nullable={false} />
            <ListField
              path={['allowed_origins']}
              label="Allowed origins"
              hint="One per line, e.g. https://shop.example or http://localhost:*."
            />
          </Section>
          {SETTINGS_SECTIONS.map(([id, title, Body]) => (
            <Section key={id} id={id} title={title}>
              <Body />
            </Section>
          ))}
        </div>
        <aside className="console-preview" aria-labelledby="preview-title">
          <h2 id="preview-title">Landing preview</h2>
          <p className="console-muted">The modal's landing with these settings, before saving.</p>
          <div className="console-preview-options">
            <label>
              Preview colours{' '}
              <select
                value={previewTheme}
                onChange={(event) => setPreviewTheme(event.target.value as 'light' | 'dark')}
              >
                <option value="light">Light</option>
                <option value="dark">Dark</option>
              </select>
            </label>
            <label>
              Preview header{' '}
              <input
                value={previewHeader}
                placeholder="Log in or sign up"
                onChange={(event) => setPreviewHeader(event.target.value)}
              />
            </label>
          </div>
          <Suspense fallback={<Loading label="Loading the preview…" />}>
            <div data-testid="landing-preview">
              <LandingPreview
                appConfig={previewConfig}
                nonce={pageNonce()}
                config={{
                  appearance: {
                    theme: previewTheme,
                    ...(previewHeader ? { landingHeader: previewHeader } : {}),
                  },
                }}
              />
            </div>
          </Suspense>
        </aside>
        <div className="console-savebar">
          <button type="submit" className="console-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save changes'}
          </button>
          <span role="status">{status}</span>
        </div>
        {saveError ? (
          <div role="alert" className="console-error">
            <p>
              {fieldErrors.length > 0 ? `${fieldErrors.length} field(s) need attention:` : saveError.message}
            </p>
            {fieldErrors.length > 0 ? (
              <ul>
                {fieldErrors.map((field) => (
                  <li key={field.path.join('.')}>
                    <code>{field.path.join('.')}</code>: {field.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </form>
      <SigningKeys app={app} onRotated={(next) => adopt(next, 'Signing key rotated.')} />
      <AppSecret appId={app.id} />
    </DraftContext.Provider>
  )
}
