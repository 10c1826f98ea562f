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

const customAuth = new URLSearchParams(window.location.search).get('customAuth') === '1'
/** `?oauthMode=redirect`: OAuth through a full-page redirect instead of the popup. */
const oauthMode =
  new URLSearchParams(window.location.search).get('oauthMode') === 'redirect' ? 'redirect' : 'popup'

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
        }}
      >
        <App appId={appId} />
      </FoyerProvider>
    </StrictMode>
  ),
)
