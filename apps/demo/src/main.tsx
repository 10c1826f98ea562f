import { FoyerProvider } from '@foyer/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { CustomAuthRoot } from './CustomAuthRoot'
import { anvilChain, solanaCluster } from './chains'

/** The demo app id seeded by `foyer-server start` (see packages/server); `?appId=` picks another app. */
const DEMO_APP_ID = 'foyerdemoapp0000000000000'
const appId = new URLSearchParams(window.location.search).get('appId') ?? DEMO_APP_ID
const apiUrl = import.meta.env.VITE_FOYER_API_URL ?? 'http://localhost:8787'
/** The captcha widget script: the local Turnstile stand-in that `npm run demo` starts. */
const turnstileScriptUrl = import.meta.env.VITE_TURNSTILE_SCRIPT_URL

/** Telegram's login widget script: the local stand-in that `npm run demo` starts (else Telegram's own). */
const telegramWidgetScriptUrl = import.meta.env.VITE_TELEGRAM_WIDGET_SCRIPT_URL
/** The Telegram stand-in's origin, which hands a simulated mini app its `initData`. */
const telegramStandInUrl = import.meta.env.VITE_TELEGRAM_STAND_IN_URL
/** `?telegramMiniApp=1`: the page plays a Telegram mini app (see {@link simulateTelegramMiniApp}). */
const telegramMiniApp = new URLSearchParams(window.location.search).get('telegramMiniApp') === '1'
/** `?telegramRedirect=1`: the login widget's redirect variant (`data-auth-url`: back to this page). */
const telegramAuthUrl =
  new URLSearchParams(window.location.search).get('telegramRedirect') === '1'
    ? `${window.location.origin}${window.location.pathname}?telegramRedirect=1`
    : undefined

/**
 * Plays the part of Telegram's client opening this page as a mini app: asks the stand-in for the signed
 * `initData` of its current user and sets `window.Telegram.WebApp.initData`, as telegram-web-app.js does,
 * before the provider mounts (which then signs in without a click when the app has `seamless_auth_enabled`).
 */
async function simulateTelegramMiniApp(): Promise<void> {
  if (!telegramMiniApp || !telegramStandInUrl) return
  const config = (await fetch(`${apiUrl}/api/v1/apps/${appId}`).then((response) => response.json())) as {
    telegram_auth_config?: { bot_name?: string | null }
  }
  const botName = config.telegram_auth_config?.bot_name
  if (!botName) return
  const url = `${telegramStandInUrl}/webapp/init-data?bot_name=${encodeURIComponent(botName)}`
  const { initData } = (await fetch(url).then((response) => response.json())) as { initData: string }
  ;(window as { Telegram?: unknown }).Telegram = { WebApp: { initData } }
}

const customAuth = new URLSearchParams(window.location.search).get('customAuth') === '1'
/** `?oauthMode=redirect`: OAuth through a full-page redirect instead of the popup. */
const oauthMode =
  new URLSearchParams(window.location.search).get('oauthMode') === 'redirect' ? 'redirect' : 'popup'

function render(): void {
  createRoot(document.getElementById('root')!).render(
    customAuth ? (
      <StrictMode>
        <CustomAuthRoot appId={appId} apiUrl={apiUrl} />
      </StrictMode>
    ) : (
      <StrictMode>
        <FoyerProvider
          appId={appId}
          apiUrl={apiUrl}
          config={{
            appearance: { landingHeader: 'Log in or sign up', loginMessage: 'Sign in to the Foyer demo' },
            // Every new user gets an Ethereum and a Solana wallet right after signing in.
            embeddedWallets: {
              ethereum: { createOnLogin: 'users-without-wallets' },
              solana: { createOnLogin: 'users-without-wallets' },
            },
            chains: [anvilChain],
            solanaClusters: [solanaCluster],
            ...(turnstileScriptUrl ? { captcha: { scriptUrl: turnstileScriptUrl } } : {}),
            oauth: { mode: oauthMode },
            telegram: {
              ...(telegramWidgetScriptUrl ? { widgetScriptUrl: telegramWidgetScriptUrl } : {}),
              ...(telegramAuthUrl ? { authUrl: telegramAuthUrl } : {}),
            },
          }}
        >
          <App appId={appId} />
        </FoyerProvider>
      </StrictMode>
    ),
  )
}

// The mini app's `initData` is in place before the provider mounts (no top-level await: older build targets).
simulateTelegramMiniApp()
  .catch((error: unknown) => console.error('Telegram mini app:', error))
  .finally(render)
