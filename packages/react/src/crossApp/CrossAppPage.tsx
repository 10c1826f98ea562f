import { type ReactNode, useId, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { useFoyerState } from '../hooks/useFoyerState'
import { baseStyles } from '../theme/baseStyles'
import { cssStringFromTheme } from '../theme/cssStringFromTheme'
import { resolveTheme } from '../theme/resolveTheme'
import { sanitizeImageUrl } from '../theme/sanitizeImageUrl'

/** The page card's own rules, added to the modal's under the same `[data-foyer]` scope. */
const pageStyles = `
[data-foyer] .foyer-page{max-width:400px;margin:48px auto;padding:24px 20px;background:var(--foyer-bg);color:var(--foyer-fg);border-radius:var(--foyer-radius-lg);box-shadow:0 16px 48px var(--foyer-shadow)}
@media (max-width:440px){[data-foyer] .foyer-page{margin:0;min-height:100vh;border-radius:0;box-shadow:none}}
[data-foyer] .foyer-app-pair{display:flex;align-items:center;justify-content:center;gap:12px}
[data-foyer] .foyer-app-icon{display:flex;align-items:center;justify-content:center;width:56px;height:56px;border-radius:var(--foyer-radius-md);background:var(--foyer-surface);border:1px solid var(--foyer-border);font-weight:600;font-size:22px;overflow:hidden}
[data-foyer] .foyer-app-icon img{width:100%;height:100%;object-fit:cover}
[data-foyer] .foyer-app-link{color:var(--foyer-muted);font-size:20px}
[data-foyer] .foyer-grants{margin:0;padding:0 0 0 20px;text-align:left;font-size:14px;display:flex;flex-direction:column;gap:6px}
`

/** An app's square icon: its image when the URL is safe to show, else its initial on a tile. */
export function AppIcon({ name, iconUrl }: { name: string; iconUrl: string | null | undefined }) {
  const src = sanitizeImageUrl(iconUrl ?? undefined)
  return (
    <span className="foyer-app-icon" aria-hidden="true">
      {src ? <img src={src} alt="" referrerPolicy="no-referrer" /> : (name.trim()[0] ?? '?').toUpperCase()}
    </span>
  )
}

/**
 * The frame of the provider app's cross-app pages (authorize and transact): the modal's theme (the host's
 * `appearance`, else the app's accent colour) and its styles, scoped under `[data-foyer]` with the provider's
 * CSP `nonce`, around one card in the page's flow (not a dialog). See docs/cross-app.md.
 */
export function CrossAppPage({ testId, children }: { testId: string; children: ReactNode }) {
  const { client, config, language, nonce } = useFoyerContext('CrossAppPage')
  const state = useFoyerState(client)
  const scope = useId().replace(/[^A-Za-z0-9_-]/g, '') || 'foyer'
  const theme = useMemo(
    () => resolveTheme(config?.appearance, state.appConfig?.accent_color),
    [config?.appearance, state.appConfig?.accent_color],
  )
  const css = useMemo(() => baseStyles + pageStyles + cssStringFromTheme(theme, scope), [theme, scope])
  return (
    <div data-foyer={scope} data-foyer-theme={theme.colorScheme}>
      <style nonce={nonce}>{css}</style>
      <main className="foyer-page foyer-screen" lang={language} data-testid={testId}>
        {children}
      </main>
    </div>
  )
}
