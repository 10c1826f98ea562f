import type { CustomAuthParameters, EmbeddedWalletsConfig, FoyerChain, SolanaCluster } from '@foyer/core'

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
 * passkey'). Spec 01 §3 lists more (google, apple, …); they join this union when the modal offers them.
 */
export type FoyerLoginMethod = 'email' | 'sms' | 'wallet' | 'passkey'

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
   */
  loginMethods?: readonly FoyerLoginMethod[]
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
