/**
 * Storage keys of the session: namespaced per app for tokens, shared per browser for ids. Features keep
 * their own keys beside them (`recentLoginMethodKey`, `oauthFlowKey`).
 *
 * @internal
 */
export const storageKeys = {
  accessToken: (appId: string) => `foyer:${appId}:access_token`,
  refreshToken: (appId: string) => `foyer:${appId}:refresh_token`,
  identityToken: (appId: string) => `foyer:${appId}:identity_token`,
  /**
   * A forked-session token handed to this client, redeemed at `/api/v1/sessions/fork/recover`
   * (docs/sessions.md).
   */
  forkedSessionToken: (appId: string) => `foyer:${appId}:forked_session_token`,
  clientId: 'foyer:client_id',
  analyticsId: 'foyer:analytics_id',
} as const
