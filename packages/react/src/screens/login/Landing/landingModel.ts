import type { AppConfig, OAuthProvider } from '@foyer/protocol'
import type { FoyerConfig, FoyerLoginMethod } from '../../../FoyerProvider/FoyerConfig'
import { walletChains } from './walletChains'

/**
 * The most entries a landing view shows, the overflow entry included (docs/limits.md: 4 plus 'More options').
 */
export const MAX_LANDING_ENTRIES = 5

/**
 * A view of the landing (docs/modal.md "Landing view"): `'default'`, `'overflow'` (behind 'More options'),
 * `'web2-overflow'` (behind 'Other socials' or 'Log in with email or socials'), and, with
 * `hideDirectWeb2Inputs`, `'email'` and `'sms'` (the form alone). Back returns to the previous view.
 */
export type LandingView = 'default' | 'overflow' | 'web2-overflow' | 'email' | 'sms'

/** A login method entry: the email form, the phone form, 'Continue with a wallet', passkey, Telegram, Farcaster, another app (cross-app), or one OAuth provider. */
export type LandingMethod =
  | 'email'
  | 'sms'
  | 'wallet'
  | 'passkey'
  | 'telegram'
  | 'farcaster'
  | `oauth:${OAuthProvider}`
  /** Another app of the server (cross-app): only where the host lists it. */
  | `privy:${string}`

/** What an entry that opens another view says (keys of the `landingLayout` copy). */
export type LandingGroupLabel =
  | 'moreOptions'
  | 'otherSocials'
  | 'emailOrSocials'
  | 'continueWithEmail'
  | 'continueWithPhone'

/**
 * One landing entry: a login method, a group entry that opens another view of the landing, or (web3-first)
 * the browser's wallets, one entry each, in at most `slots` entries: all of them when they fit, else
 * `slots - 1` and 'Other wallets' (the wallet list); 'Continue with a wallet' while none is detected.
 */
export type LandingEntry =
  | { kind: 'method'; method: LandingMethod }
  | { kind: 'view'; view: Exclude<LandingView, 'default'>; label: LandingGroupLabel }
  | { kind: 'wallets'; slots: number }

/**
 * Which layout the landing uses (docs/modal.md): `'ordered'` (the host's `loginMethodsAndOrder`), the
 * alternative `'web2-first'` / `'web3-first'` (apps with wallets and web2 methods), else `'standard'`.
 */
export type LandingLayout = 'standard' | 'ordered' | 'web2-first' | 'web3-first'

/** The landing's entries per view, as {@link landingModel} lays them out. */
export type LandingModel = {
  layout: LandingLayout
  /** Entries of each view, in order; `default` always, the others only when an entry opens them. */
  views: { default: readonly LandingEntry[] } & Partial<
    Record<Exclude<LandingView, 'default'>, readonly LandingEntry[]>
  >
  /** Whether the 'I have a passkey' link shows under the default view's entries (not one of the 5). */
  passkeyLink: boolean
}

/** The app settings the landing reads (docs/app-config.md "App server configuration"). */
export type LandingAppConfig = Pick<
  AppConfig,
  | 'email_auth'
  | 'sms_auth'
  | 'wallet_auth'
  | 'solana_wallet_auth'
  | 'passkey_auth'
  | 'show_wallet_login_first'
  | 'farcaster_auth'
  | `${OAuthProvider}_oauth`
  | 'telegram_auth'
  | 'telegram_auth_config'
  | 'login_methods_and_order'
>

/** The host settings the landing reads (docs/app-config.md "Client-side app configuration"). */
export type LandingHostConfig = Pick<FoyerConfig, 'loginMethods' | 'loginMethodsAndOrder'> & {
  appearance?: Pick<
    NonNullable<FoyerConfig['appearance']>,
    'loginGroupPriority' | 'hideDirectWeb2Inputs' | 'walletChainType'
  >
}

/** The OAuth providers in the order of docs/wire.md `loginMethods`. */
const OAUTH_ORDER = [
  'google',
  'twitter',
  'discord',
  'github',
  'spotify',
  'instagram',
  'tiktok',
  'linkedin',
  'apple',
] as const satisfies readonly OAuthProvider[]

/** The landing's order when the host gives none. */
const DEFAULT_ORDER: readonly FoyerLoginMethod[] = [
  'email',
  'sms',
  ...OAUTH_ORDER,
  'telegram',
  'farcaster',
  'wallet',
  'passkey',
]

const isOAuth = (method: FoyerLoginMethod): method is OAuthProvider =>
  (OAUTH_ORDER as readonly string[]).includes(method)

const isCrossApp = (method: FoyerLoginMethod): method is `privy:${string}` => method.startsWith('privy:')

/** Whether the app has `method` on (and `loginMethods`, if set, names it). */
function isOn(
  method: FoyerLoginMethod,
  app: LandingAppConfig | null | undefined,
  host: LandingHostConfig | undefined,
) {
  if (host?.loginMethods && !host.loginMethods.includes(method)) return false
  // Cross-app entries have no app flag: the host lists them (the provider allows or refuses the app).
  if (isCrossApp(method)) return method.length > 'privy:'.length
  if (method === 'email') return app?.email_auth !== false // shown while the app config loads
  if (method === 'sms') return app?.sms_auth === true
  if (method === 'passkey') return app?.passkey_auth === true
  // Telegram needs its bot's username for the login widget.
  if (method === 'telegram') return app?.telegram_auth === true && !!app.telegram_auth_config?.bot_name
  if (method === 'farcaster') return app?.farcaster_auth === true
  if (method === 'wallet') {
    const chains = walletChains(app, host?.appearance?.walletChainType)
    return chains.ethereum || chains.solana
  }
  return app?.[`${method}_oauth`] === true
}

/**
 * Splits `primary` and `overflow` into the default view's methods and the rest (docs/limits.md): all of
 * `primary` when it has at most 5 and nothing overflows, else its first 4 (the 5th entry is 'More options').
 */
function cap<T>(primary: readonly T[], overflow: readonly T[]): { shown: readonly T[]; rest: readonly T[] } {
  if (overflow.length === 0 && primary.length <= MAX_LANDING_ENTRIES) return { shown: primary, rest: [] }
  const cut = MAX_LANDING_ENTRIES - 1
  return { shown: primary.slice(0, cut), rest: [...primary.slice(cut), ...overflow] }
}

const more: LandingEntry = { kind: 'view', view: 'overflow', label: 'moreOptions' }
const otherSocials: LandingEntry = { kind: 'view', view: 'web2-overflow', label: 'otherSocials' }
const emailOrSocials: LandingEntry = { kind: 'view', view: 'web2-overflow', label: 'emailOrSocials' }
const wallet: LandingEntry = { kind: 'method', method: 'wallet' }
const detectedWallets: LandingEntry = { kind: 'wallets', slots: MAX_LANDING_ENTRIES - 1 }

/**
 * Lays out the landing (docs/modal.md "Landing" and "Alternative landing", docs/wire.md, docs/modal.md
 * "Landing view", docs/limits.md): which entries each view shows, in order. Pure; the landing renders what it
 * returns.
 *
 * Methods: a method is on when the app has it (`email_auth` — also while the app config loads —,
 * `sms_auth`, `wallet_auth`/`solana_wallet_auth` narrowed by `appearance.walletChainType`, `passkey_auth`,
 * `<provider>_oauth`, `telegram_auth` with a `telegram_auth_config.bot_name`, `farcaster_auth`) and `loginMethods`, if set, names it. Then one of four layouts:
 *
 * - **ordered** (`loginMethodsAndOrder` set, else the app's `login_methods_and_order`): `primary`'s methods in order, then 'More options' for the
 *   overflow view when `overflow` has methods or `primary` has more than 5; the default view then shows the
 *   first 4 of `primary`, and the overflow view the rest of `primary` followed by `overflow`. Methods listed
 *   in neither do not show; passkey is an entry where listed (no separate link).
 * - **web2-first / web3-first** (no primary order, and the app has both a wallet entry and a web2 method —
 *   email, SMS or OAuth), led by `appearance.loginGroupPriority`, else by the app's
 *   `show_wallet_login_first` (true → web3-first). Web2 methods are in `loginMethods` order, else the
 *   default order. web2-first: the web2 methods, then 'Continue with a wallet'; when that is more than 5,
 *   the first 3 web2 methods, 'Other socials' (web2-overflow view: the other web2 methods) and 'Continue
 *   with a wallet'. web3-first: the browser's wallets in 4 entries at most (the 4th is 'Other wallets',
 *   opening the wallet list, when there are more; 'Continue with a wallet' while none is detected), then the
 *   app's one web2 method, or 'Log in with email or socials' (web2-overflow view: every web2 method).
 * - **standard** (otherwise): the methods in `loginMethods` order, else email, SMS, the OAuth providers
 *   (docs/wire.md order), Telegram, Farcaster, wallet; at most 5, else 4 and 'More options'.
 *
 * Overflow views list all their entries (no cap). Outside the ordered layout the passkey is the 'I have a
 * passkey' link under the default view (docs/modal.md lists it apart from the login buttons), not one of the
 * 5 entries. With `hideDirectWeb2Inputs` the email and phone forms are replaced by 'Continue with email' /
 * 'Continue with phone' entries opening the `'email'` / `'sms'` view (the form alone). 'Continue with a
 * wallet' and 'Other wallets' open the wallet list screen, which is the web3 overflow (docs/modal.md): it
 * lists every wallet with its chain and 'Recent' chips and Back. Wallet entries and the wallet list apply
 * `walletChainType` and `walletList`.
 *
 * @param app - the app's public configuration; `null` or `undefined` while it loads
 * @param host - the `FoyerProvider` config
 * @returns the entries per view and whether the passkey link shows
 * @example
 * landingModel(appConfig, { loginMethodsAndOrder: { primary: ['google', 'email'], overflow: ['github'] } })
 * // → views.default: google, email, More options; views.overflow: github
 */
export function landingModel(
  app: LandingAppConfig | null | undefined,
  host: LandingHostConfig | undefined,
): LandingModel {
  const on = (method: FoyerLoginMethod) => isOn(method, app, host)
  const hideInputs = host?.appearance?.hideDirectWeb2Inputs === true
  const entry = (method: FoyerLoginMethod): LandingEntry => {
    if (hideInputs && method === 'email') return { kind: 'view', view: 'email', label: 'continueWithEmail' }
    if (hideInputs && method === 'sms') return { kind: 'view', view: 'sms', label: 'continueWithPhone' }
    return {
      kind: 'method',
      method: isOAuth(method) ? `oauth:${method}` : (method as Exclude<FoyerLoginMethod, OAuthProvider>),
    }
  }
  const formViews: Partial<Record<'email' | 'sms', readonly LandingEntry[]>> = {}
  if (hideInputs && on('email')) formViews.email = [{ kind: 'method', method: 'email' }]
  if (hideInputs && on('sms')) formViews.sms = [{ kind: 'method', method: 'sms' }]
  // At most 5 entries: 4 and 'More options' when there are more (docs/limits.md).
  const capped = (primary: readonly FoyerLoginMethod[], overflow: readonly FoyerLoginMethod[]) => {
    const { shown, rest } = cap(primary, overflow)
    return rest.length > 0
      ? { default: [...shown.map(entry), more], overflow: rest.map(entry), ...formViews }
      : { default: shown.map(entry), ...formViews }
  }

  // The host's order first, else the one the operator set in the app's settings.
  const order = host?.loginMethodsAndOrder ?? app?.login_methods_and_order ?? undefined
  if (order) {
    const primary = [...new Set(order.primary)].filter(on)
    const overflow = [...new Set(order.overflow ?? [])].filter(
      (method) => on(method) && !primary.includes(method),
    )
    return { layout: 'ordered', views: capped(primary, overflow), passkeyLink: false }
  }

  const listed = [...new Set(host?.loginMethods ?? DEFAULT_ORDER)].filter(on)
  const passkeyLink = listed.includes('passkey')
  const methods = listed.filter((method) => method !== 'passkey')
  const web2 = methods.filter((method) => method !== 'wallet')
  if (methods.includes('wallet') && web2.length > 0) {
    const priority =
      host?.appearance?.loginGroupPriority ?? (app?.show_wallet_login_first ? 'web3-first' : 'web2-first')
    if (priority === 'web3-first')
      return {
        layout: priority,
        views:
          web2.length === 1
            ? { default: [detectedWallets, ...web2.map(entry)], ...formViews }
            : { default: [detectedWallets, emailOrSocials], 'web2-overflow': web2.map(entry), ...formViews },
        passkeyLink,
      }
    const cut = MAX_LANDING_ENTRIES - 2
    return {
      layout: priority,
      views:
        web2.length + 1 <= MAX_LANDING_ENTRIES
          ? { default: [...web2.map(entry), wallet], ...formViews }
          : {
              default: [...web2.slice(0, cut).map(entry), otherSocials, wallet],
              'web2-overflow': web2.slice(cut).map(entry),
              ...formViews,
            },
      passkeyLink,
    }
  }

  return { layout: 'standard', views: capped(methods, []), passkeyLink }
}
