import type { CustomAuthParameters, EmbeddedWalletsConfig, FoyerChain, SolanaCluster } from '@foyer/core'
import type { OAuthProvider } from '@foyer/protocol'
import type { ReactElement } from 'react'
import type { MessagesOverride } from '../i18n/MessagesOverride'
import type { FoyerTheme } from '../theme/FoyerTheme'

/**
 * Host-side appearance of the modal (docs/app-config.md "Client-side app configuration" → appearance). Values
 * take precedence over the app's server configuration (`logo_url`, `accent_color`).
 */
export type FoyerAppearance = {
  /**
   * Logo shown on the landing screen: a URL (only `http(s):` and `data:image/…` ones are used), or an
   * `<svg>` or `<img>` element drawn as given. Anything else logs a console warning and shows no logo.
   */
  logo?: string | ReactElement
  /** Landing heading; default 'Log in or sign up'. */
  landingHeader?: string
  /** Optional line under the landing heading. */
  loginMessage?: string
  /**
   * `'light'` (default), `'dark'`, or a theme object from `lightTheme()` / `darkTheme()` with any tokens
   * overridden (accent, background, surface, text, muted text, border, error, success, radii, font family).
   * Colours are used only when hex or `rgb()`/`rgba()` (else the base theme's); see `resolveTheme`.
   */
  theme?: 'light' | 'dark' | FoyerTheme
  /**
   * Accent color of `'light'`/`'dark'` (a theme object sets its own `accent`); only hex (`#4f46e5`) or
   * `rgb()`/`rgba()` values are used.
   */
  accentColor?: string
  /**
   * Which group leads the alternative landing of apps with both wallets and web2 methods (email, SMS,
   * OAuth; docs/modal.md "Alternative landing"): `'web2-first'` (web2 methods, then 'Continue with a wallet')
   * or `'web3-first'` (the browser's wallets, 'Other wallets' when there are more than fit, then the web2
   * methods, grouped behind 'Log in with email or socials' when there are several). Default: the app's
   * `show_wallet_login_first` (true → web3-first).
   * Ignored when `loginMethodsAndOrder` is set.
   */
  loginGroupPriority?: 'web2-first' | 'web3-first'
  /**
   * Replace the landing's email and phone inputs by 'Continue with email' and 'Continue with phone' entries
   * that open the form in its own view (Back returns). Default `false`: the inputs show on the landing.
   */
  hideDirectWeb2Inputs?: boolean
  /**
   * Which wallets the landing's 'Continue with a wallet' and the wallet list offer (docs/wire.md):
   * `'ethereum-only'`, `'solana-only'` or `'ethereum-and-solana'` (default). Only narrows the app's
   * `wallet_auth` / `solana_wallet_auth`.
   */
  walletChainType?: FoyerWalletChainType
  /**
   * The wallets of the wallet list, in this order (docs/wire.md, docs/limits.md): wallet client types
   * (`'metamask'`, `'phantom'`, `'coinbase_wallet'`…) and the keywords `'detected_wallets'`,
   * `'detected_ethereum_wallets'`, `'detected_solana_wallets'` (every detected wallet, of that chain). A
   * wallet shows at the position of the first entry naming it; wallets no entry names are hidden. Default
   * (unset): every detected wallet, in the documented order (unknown ones first, then known ones,
   * WalletConnect and Safe last).
   *
   * @example
   * walletList: ['metamask', 'detected_wallets'] // MetaMask first, then the other detected wallets
   */
  walletList?: readonly string[]
  /**
   * Icons that replace the wallet directory's and the wallets' own (docs/external-wallets.md "The
   * directory"), by wallet client type: `https:` URLs or `data:image/…` URIs.
   *
   * @example
   * walletIcons: { metamask: 'https://cdn.example/metamask.svg' }
   */
  walletIcons?: Readonly<Record<string, string>>
}

/** See {@link FoyerAppearance} `walletChainType`. */
export type FoyerWalletChainType = 'ethereum-only' | 'solana-only' | 'ethereum-and-solana'

/**
 * A login method of the landing screen, for {@link FoyerConfig} `loginMethods` and `loginMethodsAndOrder`
 * (docs/wire.md): `'email'` (email form), `'sms'` (phone form), `'wallet'` ('Continue with a wallet',
 * Ethereum and Solana), `'passkey'` ('I have a passkey'), and the OAuth providers `'google'`, `'discord'`,
 * `'github'`, `'linkedin'`, `'twitter'`, `'spotify'`, `'instagram'`, `'tiktok'`, `'apple'` ('Continue with
 * Google' …), and `'telegram'` ('Continue with Telegram', the login widget). docs/wire.md lists farcaster
 * too; it joins this union when the modal offers it.
 */
export type FoyerLoginMethod =
  | 'email'
  | 'sms'
  | 'wallet'
  | 'passkey'
  | 'telegram'
  | 'farcaster'
  | OAuthProvider
  /**
   * Another app of the same server (cross-app, docs/wire.md): 'Continue with {provider app}'. It
   * shows only where `loginMethods` or `loginMethodsAndOrder` lists it, and needs the provider to allow
   * this app.
   */
  | `privy:${string}`

/**
 * The landing's order (docs/modal.md "Landing", docs/limits.md): `primary` lists the default view's entries
 * in order, `overflow` those behind 'More options'. Only listed methods show (each still needs the app to
 * have it on, and `loginMethods`, if set, to name it). At most 5 entries show: when `overflow` has entries,
 * or `primary` has more than 5, the default view shows the first 4 of `primary` and 'More options', whose
 * view lists the rest of `primary` then `overflow`.
 *
 * @example
 * loginMethodsAndOrder: { primary: ['google', 'email', 'wallet'], overflow: ['github', 'passkey'] }
 */
export type FoyerLoginMethodsAndOrder = {
  primary: readonly FoyerLoginMethod[]
  overflow?: readonly FoyerLoginMethod[]
}

/** The `config` prop of `FoyerProvider`. */
export type FoyerConfig = {
  appearance?: FoyerAppearance
  /**
   * Login methods shown on the landing screen (docs/app-config.md "Client-side app configuration" →
   * loginMethods): a method shows when the app has it on (server settings: `email_auth`, `sms_auth`,
   * `wallet_auth`/`solana_wallet_auth`, `passkey_auth`, `<provider>_oauth`, `farcaster_auth`) and this list names it. It can
   * only hide methods, never turn on one the app has off. The list's order is the landing's order (unless
   * `loginMethodsAndOrder` is set). Default (unset): every method the app has on, in the order email, SMS,
   * the OAuth providers (google, twitter, discord, github, spotify, instagram, tiktok, linkedin, apple),
   * farcaster, wallet, passkey.
   *
   * @example
   * loginMethods: ['email'] // only the email form: no phone form, wallet button or passkey link
   * loginMethods: ['github', 'google', 'email'] // GitHub's button, then Google's (in this order), and email
   *
   * The OAuth buttons follow this list's order; unset, the documented order (google, discord, github,
   * linkedin, twitter, spotify, instagram, tiktok, apple) of the providers the app has on (`google_oauth` …).
   */
  loginMethods?: readonly FoyerLoginMethod[]
  /**
   * The landing's order: primary entries, then the overflow behind 'More options' (see
   * {@link FoyerLoginMethodsAndOrder}). When set, the landing uses this order instead of the default one
   * and the alternative (web2-first / web3-first) layout (docs/modal.md).
   */
  loginMethodsAndOrder?: FoyerLoginMethodsAndOrder
  /** OAuth sign-in and linking (docs/modal.md "OAuth"). */
  oauth?: FoyerOAuthConfig
  /** Telegram sign-in and linking (docs/modal.md, docs/api.md). */
  telegram?: FoyerTelegramConfig
  /**
   * Locale options (docs/wire.md, docs/limits.md): `defaultCountry` of the phone input, the modal's `locale`
   * and the host's own `messages`. See {@link FoyerIntlConfig}.
   */
  intl?: FoyerIntlConfig
  /**
   * Embedded wallets (docs/app-config.md): `ethereum.createOnLogin` and
   * `solana.createOnLogin` (`'users-without-wallets'`, `'all-users'` or `'off'`), `noPromptOnSignature`,
   * `showWalletUIs`, `requireUserOwnedRecoveryOnCreate`. Read when the provider creates its client.
   */
  embeddedWallets?: EmbeddedWalletsConfig
  /**
   * Multi-factor verification (docs/wire.md "MFA config"). `noPromptOnMfaRequired: true`: the modal never
   * opens verification by itself; register your own UI with `useRegisterMfaListener` and verify with `useMfa`.
   */
  mfa?: { noPromptOnMfaRequired?: boolean }
  /**
   * Sign-in with the host's own JWT: while the host is signed in (`getCustomAccessToken()`
   * resolves a token and `isLoading` is false) Foyer signs in on its own; when it resolves `undefined` Foyer
   * logs out. Pass a new `getCustomAccessToken` when the host's user changes. The app needs
   * `custom_jwt_auth` configured on the server.
   */
  customAuth?: CustomAuthParameters
  /** Ethereum chains the embedded wallet may use, the default first. Read when the provider creates its client. */
  chains?: readonly FoyerChain[]
  /** Solana clusters, the default first. Read when the provider creates its client. */
  solanaClusters?: readonly SolanaCluster[]
  /**
   * WalletConnect (docs/walletconnect.md): `relayUrl` is the relay the dapp side dials, default WalletConnect's
   * `wss://relay.walletconnect.org` (a self-hosted one, or the local relay of `@foyer/server/testing`). The
   * wallet list offers WalletConnect when the app config has a `wallet_connect_cloud_project_id`.
   */
  walletConnect?: { relayUrl?: string }
  /**
   * Phantom on a phone without Phantom (docs/external-wallets.md "Phantom on a phone"): `universalLinkBaseUrl`
   * is the base of Phantom's universal links, default `'https://phantom.app/ul/v1'` (a stand-in's in tests).
   */
  phantom?: { universalLinkBaseUrl?: string }
  /**
   * Coinbase Wallet through its SDK (docs/external-wallets.md "Coinbase Wallet"), offered in the wallet list
   * even without the extension: `keysUrl` is the popup the SDK opens, default https://keys.coinbase.com/connect
   * (the stand-in of `@foyer/server/testing` in tests); `kind` the SDK's `preference.options`, default `'all'`
   * when every configured chain runs Coinbase Smart Wallet, else `'eoaOnly'`. `false` leaves it out.
   */
  coinbaseWallet?: false | { keysUrl?: string; kind?: 'all' | 'smartWalletOnly' | 'eoaOnly' }
  /**
   * The captcha of apps with `captcha_enabled` (docs/modal.md "Starting a login"): Cloudflare Turnstile, with
   * the app's `captcha_site_key`. `scriptUrl` is the Turnstile script to load, default
   * `'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'` (point it at a local stand-in
   * in development). The script loads only when a signed-out user starts an email, SMS or passkey login.
   */
  captcha?: FoyerCaptchaConfig
  /**
   * Terms and privacy policy (docs/app-config.md "Client-side app configuration" → legal): the links of the
   * 'One last step' screen (default: the app's `terms_and_conditions_url` and `privacy_policy_url`), and
   * `requireUsersAcceptTerms` (default: the app's `require_users_accept_terms`). When terms are required, every
   * sign-in of a user who has not accepted them ends on that screen, before any embedded wallet is created;
   * the server refuses wallet calls until then.
   */
  legal?: FoyerLegalConfig
  /**
   * `false` turns the SDK's analytics events off (docs/api.md; core's `sdkEvents`: initialisation, login
   * started, completed and failed with the method, embedded wallet created …, sent to
   * `/api/v1/analytics_events`, never retried). Default `true`. Read when the provider creates its client.
   */
  analytics?: boolean
  /**
   * Where the funding screens reach the providers' own APIs from the browser (docs/api.md): the
   * defaults are the real services; the demo and tests point them at the local stand-ins.
   */
  funding?: FoyerFundingConfig
}

/** See {@link FoyerConfig} `funding`. */
export type FoyerFundingConfig = {
  /**
   * MoonPay's API, polled for a purchase's status at `{url}/v1/transactions/ext/{id}?apiKey=` (docs/api.md):
   * `moonpayApiUrl` for live keys, `moonpaySandboxApiUrl` for sandbox ones; default https://api.moonpay.com
   * for both.
   */
  moonpayApiUrl?: string
  moonpaySandboxApiUrl?: string
  /**
   * Coinbase Onramp's pay page, which the exchange popup opens with the session (docs/api.md); default
   * https://pay.coinbase.com/buy/select-asset (a local stand-in's `payUrl` in the demo and tests).
   */
  coinbasePayUrl?: string
  /**
   * The bridge API (Relay's quote call; docs/api.md) for 'Transfer from another network':
   * `bridgeApiUrl` for mainnets (default https://api.relay.link), `bridgeTestnetApiUrl` when a chain of the
   * bridge is a testnet (default https://api.testnets.relay.link).
   */
  bridgeApiUrl?: string
  bridgeTestnetApiUrl?: string
  /**
   * Token contracts by symbol, then chain id, for bridging a token ('Transfer from another network'): USDC
   * where Foyer does not know its address, and the funded ERC-20 on the chains it may be bridged from (its
   * address on the wallet's chain is the request's). E.g. `{ USDC: { 31337: '0x…', 31338: '0x…' } }`.
   */
  tokenAddresses?: Readonly<Record<string, Readonly<Record<number, `0x${string}`>>>>
}

/**
 * See {@link FoyerConfig} `intl` (docs/app-config.md "Client-side app configuration" → intl).
 *
 * @example
 * intl: { locale: 'de', messages: { landing: { header: 'Willkommen bei Acme' } } }
 */
export type FoyerIntlConfig = {
  /** The phone input's preselected country (ISO 3166-1 alpha-2); default 'US'. */
  defaultCountry?: string
  /**
   * The modal's language, a BCP 47 tag: `'en'` (default, bundled), `'de'`, `'es'`, `'fr'`, `'ja'`, `'pt'`,
   * `'zh-CN'` (Simplified Chinese; also `'zh'`, `'zh-Hans'`), or a regional tag of these (`'de-CH'`,
   * `'pt-BR'`). Each non-English language is its own chunk, loaded when the provider mounts: English shows
   * until it arrives (usually before the modal opens), and stays if it cannot load. Numbers, amounts and
   * dates are formatted with `Intl` for the full tag; a language Foyer does not ship shows English texts
   * with its own number and date formats.
   */
  locale?: string
  /**
   * The host's own texts, keyed like the English messages (`{ screen: { key: text } }`), winning over the
   * locale's. Keep the English text's placeholders (`{app}`, `{email}` …). Unknown keys are ignored.
   *
   * @example
   * messages: { landing: { header: 'Sign in to Acme' }, awaitingCode: { resend: 'Send again' } }
   */
  messages?: MessagesOverride
}

/** See {@link FoyerConfig} `legal`. */
export type FoyerLegalConfig = {
  termsAndConditionsUrl?: string
  privacyPolicyUrl?: string
  requireUsersAcceptTerms?: boolean
}

/** See {@link FoyerConfig} `captcha`. */
export type FoyerCaptchaConfig = {
  /** The Turnstile script URL (explicit rendering); default Cloudflare's. */
  scriptUrl?: string
}

/** See {@link FoyerConfig} `oauth`. */
export type FoyerOAuthConfig = {
  /**
   * How the provider's page shows: `'popup'` (default; a 440 × 680 window, the modal stays) or `'redirect'`
   * (the whole page goes to the provider and comes back; the modal reopens on the OAuth status screen to
   * finish). A blocked popup falls back to a redirect.
   */
  mode?: 'popup' | 'redirect'
  /**
   * The absolute URL of the app's page the provider returns to; it must be on one of the app's allowed
   * origins. Default: the current page. That page must render `FoyerProvider` (it finishes the sign-in).
   */
  redirectTo?: string
  /**
   * The absolute URL of the page the popup returns to (popup mode only); it must be on one of the app's
   * allowed origins, the same origin as the opening page. Default: `redirectTo`. A small page that loads
   * nothing of the app (docs/modal.md "The popup's return page") makes the popup close sooner and keeps the
   * app's start-up out of it: the opener reads the code from the popup's address.
   */
  popupRedirectTo?: string
  /** `true` refuses to create new users: OAuth sign-ins send mode `'no-signup'` (docs/modal.md "OAuth"). */
  disableSignup?: boolean
}

/** See {@link FoyerConfig} `telegram`. */
export type FoyerTelegramConfig = {
  /**
   * Telegram's login widget script; default https://telegram.org/js/telegram-widget.js?22. Tests and the
   * demo point it at a local stand-in (`startTelegramWidgetStandIn` of `@foyer/server/testing`).
   */
  widgetScriptUrl?: string
  /**
   * The redirect variant: the widget sends the page to this URL (on the app's origin, rendering
   * `FoyerProvider`) with the result as query parameters, which the provider reads, removes and signs in
   * with (docs/modal.md "Telegram return"). Default: the widget calls back in place (`data-onauth`).
   */
  authUrl?: string
  /** `true` refuses to create new users: Telegram sign-ins send mode `'no-signup'` (docs/modal.md). */
  disableSignup?: boolean
}
