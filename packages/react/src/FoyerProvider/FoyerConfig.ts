import type { CustomAuthParameters, EmbeddedWalletsConfig, FoyerChain, SolanaCluster } from '@foyer/core'
import type { OAuthProvider } from '@foyer/protocol'

/**
 * Host-side appearance of the modal (spec 01 §3 "Client-side app configuration" → appearance). Values take
 * precedence over the app's server configuration (`logo_url`, `accent_color`).
 */
export type FoyerAppearance = {
  /** Logo URL shown on the landing screen; only `http(s):` and `data:image/…` URLs are used. */
  logo?: string
  /** Landing heading; default 'Log in or sign up'. */
  landingHeader?: string
  /** Optional line under the landing heading. */
  loginMessage?: string
  /** Color scheme; default `'light'`. */
  theme?: 'light' | 'dark'
  /** Accent color; only hex (`#4f46e5`) or `rgb()`/`rgba()` values are used. */
  accentColor?: string
}

/**
 * A login method of the landing screen, for {@link FoyerConfig} `loginMethods`: `'email'` (email form),
 * `'sms'` (phone form), `'wallet'` ('Continue with a wallet', Ethereum and Solana), `'passkey'` ('I have a
 * passkey'), or an OAuth provider (`'google'`, `'discord'`, `'github'`, `'linkedin'`, `'twitter'`,
 * `'spotify'`, `'instagram'`, `'tiktok'`, `'apple'`: 'Continue with Google' …). Spec 01 §3 lists more
 * (farcaster, telegram); they join this union when the modal offers them.
 */
export type FoyerLoginMethod = 'email' | 'sms' | 'wallet' | 'passkey' | OAuthProvider

/** The `config` prop of `FoyerProvider`. */
export type FoyerConfig = {
  appearance?: FoyerAppearance
  /**
   * Login methods shown on the landing screen (spec 01 §3 "Client-side app configuration" → loginMethods):
   * a method shows when the app has it on (server settings: `email_auth`, `sms_auth`,
   * `wallet_auth`/`solana_wallet_auth`, `passkey_auth`) and this list names it. It can only hide methods,
   * never turn on one the app has off. Default (unset): every method the app has on.
   *
   * @example
   * loginMethods: ['email'] // only the email form: no phone form, wallet button or passkey link
   * loginMethods: ['github', 'google', 'email'] // GitHub's button, then Google's (in this order), and email
   *
   * The OAuth buttons follow this list's order; unset, the spec's order (google, discord, github, linkedin,
   * twitter, spotify, instagram, tiktok, apple) of the providers the app has on (`google_oauth` …).
   */
  loginMethods?: readonly FoyerLoginMethod[]
  /** OAuth sign-in and linking (spec 01 §2, §4 "OAuth"). */
  oauth?: FoyerOAuthConfig
  /** Locale options: `defaultCountry` of the phone input (ISO 3166-1 alpha-2; default 'US', spec 01 §3, §9). */
  intl?: { defaultCountry?: string }
  /**
   * Embedded wallets (spec 02 §3 "Embedded wallet config … Client"): `ethereum.createOnLogin` and
   * `solana.createOnLogin` (`'users-without-wallets'`, `'all-users'` or `'off'`), `noPromptOnSignature`,
   * `showWalletUIs`, `requireUserOwnedRecoveryOnCreate`. Read when the provider creates its client.
   */
  embeddedWallets?: EmbeddedWalletsConfig
  /**
   * Sign-in with the host's own JWT (issue 5 §4): while the host is signed in (`getCustomAccessToken()`
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
   * The captcha of apps with `captcha_enabled` (spec 01 §4 "Starting a login"): Cloudflare Turnstile, with the
   * app's `captcha_site_key`. `scriptUrl` is the Turnstile script to load, default
   * `'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'` (point it at a local stand-in
   * in development). The script loads only when a signed-out user starts an email, SMS or passkey login.
   */
  captcha?: FoyerCaptchaConfig
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
  /** `true` refuses to create new users: OAuth sign-ins send mode `'no-signup'` (spec 01 §4 "OAuth"). */
  disableSignup?: boolean
}
