/**
 * The prefix of a cross-app provider id (docs/wire.md "Login method names", docs/wire.md#oauth):
 * `privy:<providerAppId>` is the OAuth `provider` of a sign-in with another app of the same server, and its
 * login method name.
 */
export const CROSS_APP_PROVIDER_PREFIX = 'privy:'

/**
 * `privy:<appId>`: the OAuth provider id and login method name of sign-in with the app `appId`
 * (docs/wire.md#oauth).
 */
export type CrossAppProviderId = `privy:${string}`

/**
 * The provider app id of a cross-app provider id (`'privy:abc…'` → `'abc…'`), or null when `provider` is not
 * one (docs/wire.md#oauth).
 *
 * @example crossAppProviderAppId('privy:foyerprovider0000000000') // 'foyerprovider0000000000'
 */
export function crossAppProviderAppId(provider: string): string | null {
  if (!provider.startsWith(CROSS_APP_PROVIDER_PREFIX)) return null
  const appId = provider.slice(CROSS_APP_PROVIDER_PREFIX.length)
  return appId.length > 0 ? appId : null
}

/** The cross-app provider id of the app `appId` (`privy:<appId>`, docs/wire.md#oauth). */
export function crossAppProviderId(appId: string): CrossAppProviderId {
  return `${CROSS_APP_PROVIDER_PREFIX}${appId}`
}

/**
 * The provider's pages a requester opens (docs/wire.md#cross-app): the consent page and the transact page.
 */
export const CROSS_APP_AUTHORIZE_PATH = '/oauth/authorize'
export const CROSS_APP_TRANSACT_PATH = '/oauth/transact'

/**
 * Lifetime of the provider access token a requester holds (docs/wire.md#cross-app
 * `oauth_tokens.access_token`), in seconds.
 */
export const CROSS_APP_TOKEN_TTL_SECONDS = 3600

/** How long a cross-app popup (sign-in or transact) may stay open, in ms (docs/limits.md). */
export const CROSS_APP_REQUEST_TIMEOUT_MS = 120_000
/** How often the requester checks whether the cross-app popup was closed, in ms (docs/limits.md). */
export const CROSS_APP_POPUP_POLL_MS = 300

/** The messages the transact page posts to its opener (docs/wire.md#cross-app). */
export const CROSS_APP_ACTION_RESPONSE_TYPE = 'PRIVY_CROSS_APP_ACTION_RESPONSE'
export const CROSS_APP_ACTION_ERROR_TYPE = 'PRIVY_CROSS_APP_ACTION_ERROR'

/** The JOSE `typ` of a provider access token: never accepted as a session access token (RFC 8725 §3.11). */
export const CROSS_APP_TOKEN_TYP = 'cross-app+jwt'

/**
 * The wallet methods a requester may ask the provider's wallet for (docs/wire.md#cross-app); the smart-wallet
 * ones are not supported by Foyer's provider page.
 */
export const crossAppMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
] as const
export type CrossAppMethod = (typeof crossAppMethods)[number]

/** The documented cross-app error texts (docs/errors.md). */
export const crossAppErrorMessages = {
  wrongAddress: 'Cannot request a signature with this wallet address',
  readOnly: 'Cannot transact against a read-only provider app',
  invalidToken: 'Transactions require a valid token',
  initFailed: 'Failed to initialize signature request',
  timeout: 'Request timeout',
  rejected: 'User rejected request',
  invalidConnection: 'Invalid connected app',
} as const
