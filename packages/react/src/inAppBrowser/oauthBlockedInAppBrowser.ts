import { currentUserAgent, detectInAppBrowser } from './detectInAppBrowser'

/**
 * OAuth providers that refuse to sign in inside an embedded web view: Google answers `disallowed_useragent`
 * (its "Use secure browsers" policy) to any page in one.
 */
export const WEBVIEW_REFUSING_OAUTH_PROVIDERS: ReadonlySet<string> = new Set(['google'])

/**
 * Whether signing in (or linking) with `provider` cannot work here: the page runs in an in-app browser
 * ({@link detectInAppBrowser}) and the provider refuses web views. The modal then shows 'Could not log in
 * with {provider}' and asks the user to open the page in an external browser (docs/modal.md).
 *
 * @param userAgent - default `navigator.userAgent`
 * @example oauthBlockedInAppBrowser('google', instagramUserAgent) // true
 */
export function oauthBlockedInAppBrowser(provider: string, userAgent = currentUserAgent()): boolean {
  return WEBVIEW_REFUSING_OAUTH_PROVIDERS.has(provider) && detectInAppBrowser(userAgent) !== null
}
