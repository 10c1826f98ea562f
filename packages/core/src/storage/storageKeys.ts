/**
 * Storage keys (contract: namespaced per app for tokens, shared per browser for ids).
 *
 * @internal
 */
export const storageKeys = {
  accessToken: (appId: string) => `foyer:${appId}:access_token`,
  refreshToken: (appId: string) => `foyer:${appId}:refresh_token`,
  identityToken: (appId: string) => `foyer:${appId}:identity_token`,
  /** A forked-session token handed to this client, redeemed at `/api/v1/sessions/fork/recover` (spec 01 §4). */
  forkedSessionToken: (appId: string) => `foyer:${appId}:forked_session_token`,
  /** The OAuth flow in progress: state, PKCE verifier, provider (spec 01 §5), until its code is used. */
  oauthFlow: (appId: string) => `foyer:${appId}:oauth_flow`,
  clientId: 'foyer:client_id',
  analyticsId: 'foyer:analytics_id',
} as const
