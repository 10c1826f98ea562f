import type { AuthResponse } from '@foyer/protocol'

/**
 * The provider's tokens, returned by `oauth/authenticate` and `oauth/link` when the app asks for them
 * (docs/wire.md "oauth_tokens"): `provider`, `access_token`, `access_token_expires_in_seconds?`,
 * `refresh_token?`, `refresh_token_expires_in_seconds?`, `scopes?`.
 */
export type OAuthTokens = NonNullable<AuthResponse['oauth_tokens']>
