/**
 * Storage keys (contract: namespaced per app for tokens, shared per browser for ids).
 *
 * @internal
 */
export const storageKeys = {
  accessToken: (appId: string) => `foyer:${appId}:access_token`,
  refreshToken: (appId: string) => `foyer:${appId}:refresh_token`,
  identityToken: (appId: string) => `foyer:${appId}:identity_token`,
  clientId: 'foyer:client_id',
  analyticsId: 'foyer:analytics_id',
} as const
