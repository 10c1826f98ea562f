/**
 * The prefix of a cross-app provider id (spec 01 §3 "Login method names", WIRE.md §1): `privy:<providerAppId>`
 * is the OAuth `provider` of a sign-in with another app of the same server, and its login method name.
 */
export const CROSS_APP_PROVIDER_PREFIX = 'privy:'

/** `privy:<appId>`: the OAuth provider id and login method name of sign-in with the app `appId` (WIRE.md §1). */
export type CrossAppProviderId = `privy:${string}`

/**
 * The provider app id of a cross-app provider id (`'privy:abc…'` → `'abc…'`), or null when `provider` is not
 * one (WIRE.md §1).
 *
 * @example crossAppProviderAppId('privy:foyerprovider0000000000') // 'foyerprovider0000000000'
 */
export function crossAppProviderAppId(provider: string): string | null {
  if (!provider.startsWith(CROSS_APP_PROVIDER_PREFIX)) return null
  const appId = provider.slice(CROSS_APP_PROVIDER_PREFIX.length)
  return appId.length > 0 ? appId : null
}

/** The cross-app provider id of the app `appId` (`privy:<appId>`, WIRE.md §1). */
export function crossAppProviderId(appId: string): CrossAppProviderId {
  return `${CROSS_APP_PROVIDER_PREFIX}${appId}`
}

/** The provider's pages a requester opens (WIRE.md §4): the consent page and the transact page. */
export const CROSS_APP_AUTHORIZE_PATH = '/oauth/authorize'
export const CROSS_APP_TRANSACT_PATH = '/oauth/transact'

/** Lifetime of the provider access token a requester holds (WIRE.md §4 `oauth_tokens.access_token`), in seconds. */
export const CROSS_APP_TOKEN_TTL_SECONDS = 3600

/** How long a cross-app popup (sign-in or transact) may stay open, in ms (spec 02 §9). */
export const CROSS_APP_REQUEST_TIMEOUT_MS = 120_000
/** How often the requester checks whether the cross-app popup was closed, in ms (spec 02 §9). */
export const CROSS_APP_POPUP_POLL_MS = 300

/** The messages the transact page posts to its opener (WIRE.md §4). */
export const CROSS_APP_ACTION_RESPONSE_TYPE = 'PRIVY_CROSS_APP_ACTION_RESPONSE'
export const CROSS_APP_ACTION_ERROR_TYPE = 'PRIVY_CROSS_APP_ACTION_ERROR'

/** The JOSE `typ` of a provider access token: never accepted as a session access token (RFC 8725 §3.11). */
export const CROSS_APP_TOKEN_TYP = 'cross-app+jwt'

/**
 * The wallet methods a requester may ask the provider's wallet for (WIRE.md §4); the smart-wallet ones are
 * not supported by Foyer's provider page.
 */
export const crossAppMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
] as const
export type CrossAppMethod = (typeof crossAppMethods)[number]

/** The spec's cross-app error texts (spec 02 §8). */
export const crossAppErrorMessages = {
  wrongAddress: 'Cannot request a signature with this wallet address',
  readOnly: 'Cannot transact against a read-only provider app',
  invalidToken: 'Transactions require a valid token',
  initFailed: 'Failed to initialize signature request',
  timeout: 'Request timeout',
  rejected: 'User rejected request',
  invalidConnection: 'Invalid connected app',
} as const
