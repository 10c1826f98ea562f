import { CrossAppAuthorize, CrossAppTransact, type FoyerLoginMethod } from '@foyer/react'
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { CustomAuthRoot } from './CustomAuthRoot'
import { anvilChain, demoUsdcAddress, localBaseChain, secondAnvilChain, solanaCluster } from './chains'
import { coinbaseKeysUrl } from './coinbaseKeysUrl'
import { demoLocale, demoLoginMessage } from './LocalePicker'
import { ThemedFoyerProvider } from './ThemedFoyerProvider'

/** The demo app id seeded by `foyer-server start` (see packages/server); `?appId=` picks another app. */
const DEMO_APP_ID = 'foyerdemoapp0000000000000'
const appId = new URLSearchParams(window.location.search).get('appId') ?? DEMO_APP_ID
const configuredApiUrl = import.meta.env.VITE_FOYER_API_URL ?? 'http://localhost:8787'
/**
 * The cross-app provider's pages (`/oauth/authorize`, `/oauth/transact`): this same app opened with
 * the provider's app id, usually on the other loopback name than the requester (127.0.0.1 vs localhost) so
 * the popup is cross-origin.
 */
const providerPage = ['/oauth/authorize', '/oauth/transact'].includes(window.location.pathname)
const loopback = ['localhost', '127.0.0.1']
/**
 * On the provider's pages the server is reached on the page's own loopback name, so that the wallet frame
 * (on the server's origin) is same-site with the page and keeps its device share.
 */
const apiUrl = (() => {
  const url = new URL(configuredApiUrl)
  if (!providerPage || !loopback.includes(url.hostname) || !loopback.includes(window.location.hostname))
    return configuredApiUrl
  url.hostname = window.location.hostname
  return url.href.replace(/\/$/, '')
})()
/** `?crossAppProvider=<appId>` (else `VITE_FOYER_CROSS_APP_PROVIDER_ID`): a 'Continue with …' landing entry. */
const crossAppProvider =
  new URLSearchParams(window.location.search).get('crossAppProvider') ??
  import.meta.env.VITE_FOYER_CROSS_APP_PROVIDER_ID
/** The demo's landing methods in the default order, with the cross-app provider after the web2 ones. */
const loginMethods: FoyerLoginMethod[] | undefined =
  crossAppProvider && !providerPage
    ? [
        'email',
        'sms',
        'google',
        'twitter',
        'discord',
        'github',
        'spotify',
        'instagram',
        'tiktok',
        'linkedin',
        'apple',
        'telegram',
        'farcaster',
        `privy:${crossAppProvider}`,
        'wallet',
        'passkey',
      ]
    : undefined
/** The bridge API (Relay's quote call): the local stand-in that `npm run demo` starts. */
const bridgeApiUrl = import.meta.env.VITE_BRIDGE_API_URL

/** The captcha widget script: the local Turnstile stand-in that `npm run demo` starts. */
const turnstileScriptUrl = import.meta.env.VITE_TURNSTILE_SCRIPT_URL
/** The MoonPay stand-in's API, polled for card purchases (`npm run demo` sets it). */
const moonpayApiUrl = import.meta.env.VITE_MOONPAY_API_URL
/** The Coinbase Onramp stand-in's pay page, opened by exchange funding (`npm run demo` sets it). */
const coinbasePayUrl = import.meta.env.VITE_COINBASE_PAY_URL

/** Where the iCloud sign-in posts its token from: the CloudKit stand-in that `npm run demo` starts (else Apple's). */
const cloudKitSignInOrigin = import.meta.env.VITE_CLOUDKIT_SIGN_IN_ORIGIN
/** Telegram's login widget script: the local stand-in that `npm run demo` starts (else Telegram's own). */
const telegramWidgetScriptUrl = import.meta.env.VITE_TELEGRAM_WIDGET_SCRIPT_URL
/** A self-hosted WalletConnect relay (the e2e stack's local one); default WalletConnect's. */
const walletConnectRelayUrl = import.meta.env.VITE_WALLETCONNECT_RELAY_URL
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
/**
 * `?secureOnCreate=1`: a new user secures their wallets with a method of their own before they are made
 * (`requireUserOwnedRecoveryOnCreate`; docs/recovery-oauth.md "At wallet creation"), asked once for both.
 */
const secureOnCreate = new URLSearchParams(window.location.search).get('secureOnCreate') === '1'
/** `?locale=`: the modal's language (the demo's locale picker sets it). */
const locale = demoLocale()
/** `?oauthMode=redirect`: OAuth through a full-page redirect instead of the popup. */
const oauthMode =
  new URLSearchParams(window.location.search).get('oauthMode') === 'redirect' ? 'redirect' : 'popup'
/** `?oauthPopupPage=1`: the popup returns to the static `oauth-return.html` (docs/modal.md) instead of this page. */
const popupRedirectTo =
  new URLSearchParams(window.location.search).get('oauthPopupPage') === '1'
    ? new URL('/oauth-return.html', window.location.href).href
    : undefined

/**
 * The page's Content-Security-Policy nonce, when it is served with one: Vite's `html.cspNonce` puts it on a
 * `<meta property="csp-nonce">` (the browser hides the attribute, the `nonce` property keeps it). The provider
 * sets it on the styles and scripts the SDK injects (docs/content-security-policy.md).
 */
const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined

/** wagmi's hooks on the embedded wallet (`@foyer/wagmi`), in a chunk of their own. */
const WagmiPanel = lazy(() => import('./WagmiPanel'))

function render(): void {
  createRoot(document.getElementById('root')!).render(
    customAuth ? (
      <StrictMode>
        <CustomAuthRoot appId={appId} apiUrl={apiUrl} />
      </StrictMode>
    ) : (
      <StrictMode>
        <ThemedFoyerProvider
          appId={appId}
          apiUrl={apiUrl}
          nonce={cspNonce}
          config={{
            appearance: { loginMessage: demoLoginMessage(locale) },
            intl: { locale },
            // Every new user gets an Ethereum and a Solana wallet right after signing in.
            embeddedWallets: {
              ethereum: { createOnLogin: 'users-without-wallets' },
              solana: { createOnLogin: 'users-without-wallets' },
              ...(secureOnCreate ? { requireUserOwnedRecoveryOnCreate: true } : {}),
              ...(cloudKitSignInOrigin ? { icloud: { signInOrigin: cloudKitSignInOrigin } } : {}),
            },
            chains: [anvilChain, secondAnvilChain, ...(localBaseChain ? [localBaseChain] : [])],
            solanaClusters: [solanaCluster],
            ...(walletConnectRelayUrl ? { walletConnect: { relayUrl: walletConnectRelayUrl } } : {}),
            ...(coinbaseKeysUrl ? { coinbaseWallet: { keysUrl: coinbaseKeysUrl } } : {}),
            ...(turnstileScriptUrl ? { captcha: { scriptUrl: turnstileScriptUrl } } : {}),
            funding: {
              ...(moonpayApiUrl ? { moonpayApiUrl: moonpayApiUrl, moonpaySandboxApiUrl: moonpayApiUrl } : {}),
              // 'Transfer from another network' quotes from the bridge stand-in between the two anvils.
              ...(bridgeApiUrl ? { bridgeApiUrl } : {}),
              // USDC has no known address on the local chains: the demo's test token on both.
              ...(demoUsdcAddress
                ? {
                    tokenAddresses: {
                      USDC: { [anvilChain.id]: demoUsdcAddress, [secondAnvilChain.id]: demoUsdcAddress },
                    },
                  }
                : {}),
              ...(coinbasePayUrl ? { coinbasePayUrl } : {}),
            },
            oauth: { mode: oauthMode, ...(popupRedirectTo ? { popupRedirectTo } : {}) },
            telegram: {
              ...(telegramWidgetScriptUrl ? { widgetScriptUrl: telegramWidgetScriptUrl } : {}),
              ...(telegramAuthUrl ? { authUrl: telegramAuthUrl } : {}),
            },
            ...(loginMethods ? { loginMethods } : {}),
          }}
        >
          {window.location.pathname === '/oauth/authorize' ? (
            <CrossAppAuthorize />
          ) : window.location.pathname === '/oauth/transact' ? (
            <CrossAppTransact />
          ) : (
            <>
              <App appId={appId} />
              <Suspense fallback={null}>
                <WagmiPanel />
              </Suspense>
            </>
          )}
        </ThemedFoyerProvider>
      </StrictMode>
    ),
  )
}

// The mini app's `initData` is in place before the provider mounts (no top-level await: older build targets).
simulateTelegramMiniApp()
  .catch((error: unknown) => console.error('Telegram mini app:', error))
  .finally(render)
