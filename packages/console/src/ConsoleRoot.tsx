import { FoyerProvider } from '@foyer/react'
import { useMemo } from 'react'
import { ConsoleShell } from './shell/ConsoleShell'
import { useConsoleTheme } from './shell/theme'

/** What the page's config block says (`<script id="foyer-console-config">`, written by the server). */
export type ConsolePageConfig = { appId: string; nonce: string }

/**
 * The console page: Foyer itself signs the operator in — the provider points at the built-in console app on
 * this same origin, with the page's CSP nonce — and the modal follows the console's theme.
 */
export function ConsoleRoot({ config }: { config: ConsolePageConfig }) {
  const [theme, setTheme] = useConsoleTheme()
  const foyerConfig = useMemo(
    () => ({
      appearance: { theme, landingHeader: 'Sign in to the Foyer console' },
      loginMethods: ['email' as const, 'passkey' as const],
    }),
    [theme],
  )
  return (
    <FoyerProvider
      appId={config.appId}
      apiUrl={window.location.origin}
      nonce={config.nonce}
      config={foyerConfig}
    >
      <ConsoleShell theme={theme} onTheme={setTheme} />
    </FoyerProvider>
  )
}
