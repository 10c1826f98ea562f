/** The OAuth providers a user can sign in with (README.md), in the documented order. */
export const oauthProviders = [
  'google',
  'discord',
  'github',
  'linkedin',
  'twitter',
  'spotify',
  'instagram',
  'tiktok',
  'apple',
] as const
/** One of {@link oauthProviders}. */
export type OAuthProvider = (typeof oauthProviders)[number]

/** True when `value` names one of {@link oauthProviders}. */
export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && (oauthProviders as readonly string[]).includes(value)
}

/** Random bytes of a PKCE code verifier and of an OAuth state, before base64url (docs/limits.md). */
export const OAUTH_VERIFIER_BYTES = 36
export const OAUTH_STATE_BYTES = 36
/** Size of the OAuth popup window, in CSS px. */
export const OAUTH_POPUP_WIDTH_PX = 440
export const OAUTH_POPUP_HEIGHT_PX = 680
/**
 * Lifetime of an OAuth flow (state, PKCE challenge) and of the one-time code handed back, in seconds
 * (docs/security.md properties 34, 37: ≤ 10 min).
 */
export const OAUTH_FLOW_TTL_SECONDS = 600
/** The `authorization_code` the client reads as "the user denied" (docs/limits.md). */
export const OAUTH_DENIED_CODE = 'undefined'
/**
 * The `privy_oauth_code` of a failure after the provider answered (token exchange, id_token, user info):
 * the modal shows docs/errors.md's 'Something went wrong. Please try again.' (docs/wire.md#oauth).
 */
export const OAUTH_ERROR_CODE = 'error'

/** The page-load query parameters of an OAuth return (docs/modal.md). */
export const oauthReturnParameters = {
  code: 'privy_oauth_code',
  provider: 'privy_oauth_provider',
  state: 'privy_oauth_state',
} as const

/** The message a popup's return page posts to its opener (docs/wire.md#oauth). */
export const OAUTH_POPUP_RESPONSE_TYPE = 'PRIVY_OAUTH_RESPONSE'
export const OAUTH_POPUP_ERROR_TYPE = 'PRIVY_OAUTH_ERROR'
/**
 * The BroadcastChannel the popup's return page posts the same message on when it lost `window.opener`
 * (docs/wire.md#oauth); the opener takes only a message carrying its own flow's state.
 */
export const OAUTH_POPUP_CHANNEL = 'popup-privy-oauth'

/** `<provider>_oauth`: the linked-account type of an OAuth provider (docs/wire.md). */
export type OAuthAccountType = `${OAuthProvider}_oauth`

/** The linked-account type of `provider` (`google` → `google_oauth`). */
export function oauthAccountType(provider: OAuthProvider): OAuthAccountType {
  return `${provider}_oauth`
}

/**
 * The providers' names (proper nouns, the same in every language), for server messages ('Login with Google
 * not allowed.') and provider pages. The modal takes its own from its messages.
 */
export const oauthProviderNames: Readonly<Record<OAuthProvider, string>> = {
  google: 'Google',
  discord: 'Discord',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  apple: 'Apple',
}

/** The server's own OAuth callback, where every provider returns (register `{public URL}{path}` there). */
export const OAUTH_CALLBACK_PATH = '/api/v1/oauth/callback'

/**
 * The OAuth popup's return page on the Foyer server (docs/modal.md "The popup's return page"): a popup flow
 * sends `redirect_to` = `{server URL}{path}?return_to={the app's page}`, and the callback answers a small page
 * of its own that posts the code to the opener at `return_to`'s origin, so the popup never loads the app.
 */
export const OAUTH_POPUP_RETURN_PATH = '/api/v1/oauth/popup_return'

/** The query parameter of {@link OAUTH_POPUP_RETURN_PATH} naming the app's page (an allowed origin). */
export const OAUTH_POPUP_RETURN_TO_PARAMETER = 'return_to'
