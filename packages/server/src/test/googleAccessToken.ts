import type { OAuthClientSettings } from '@foyer/protocol'
import { authorizeAtLocalIdentityProvider } from '../testing/localIdentityProvider/authorizeAtLocalIdentityProvider'
import type { LocalIdentityProvider } from '../testing/localIdentityProvider/startLocalIdentityProvider'

/**
 * A Google access token of `client` for the local identity provider's user `login` with `scope`, through the
 * provider's real authorization code flow (RFC 6749 §4.1): authorize at `redirectUri`, then exchange the code
 * with the client's secret at the token endpoint.
 */
export async function googleAccessToken(
  idp: LocalIdentityProvider,
  client: OAuthClientSettings,
  options: { scope: string; login: string; redirectUri: string },
): Promise<string> {
  const { scope, login, redirectUri } = options
  const url = new URL(idp.providers.google.authorizationUrl)
  url.searchParams.set('client_id', client.client_id)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('redirect_uri', redirectUri)
  url.searchParams.set('scope', scope)
  const back = await authorizeAtLocalIdentityProvider(url.href, { login, returnTo: redirectUri })
  const response = await fetch(idp.providers.google.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      code: new URL(back.url).searchParams.get('code') ?? '',
      client_id: client.client_id,
      client_secret: client.client_secret ?? '',
    }),
  })
  return ((await response.json()) as { access_token: string }).access_token
}
