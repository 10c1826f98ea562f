import { type AppConfig, isOAuthProvider, type OAuthProvider, oauthProviders } from '@foyer/protocol'
import type { FoyerLoginMethod } from '../../../FoyerProvider/FoyerConfig'

/**
 * The OAuth providers the landing offers, in order (spec 01 §2, §3): a provider shows when the app has it on
 * (`google_oauth` …) and `loginMethods`, if set, lists it — in `loginMethods`' order; unset, in the spec's
 * order (protocol `oauthProviders`).
 *
 * @example
 * enabledOAuthProviders({ ...app, google_oauth: true, github_oauth: true }, ['github', 'email', 'google'])
 * // ['github', 'google']
 */
export function enabledOAuthProviders(
  app: Pick<AppConfig, `${OAuthProvider}_oauth`> | null,
  loginMethods: readonly FoyerLoginMethod[] | undefined,
): OAuthProvider[] {
  if (!app) return []
  const order = loginMethods ? loginMethods.filter(isOAuthProvider) : oauthProviders
  return [...new Set(order)].filter((provider) => app[`${provider}_oauth`] === true)
}
