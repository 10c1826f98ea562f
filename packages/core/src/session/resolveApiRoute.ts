import type { ApiRoute } from '../client/FoyerClient'

/**
 * Where calls go and whether the session uses server cookies, from the app config (docs/limits.md
 * contract "Cookie mode"):
 * - no (valid http/https) `custom_api_url` → `{ apiUrl: defaultApiUrl, cookieMode: false }`;
 * - otherwise calls go to `custom_api_url`, and cookie mode is on when it differs from the default and its
 *   hostname and the page's are the same site: equal, or one ends with `.` + the other.
 *
 * @param defaultApiUrl - The client's `apiUrl` (no trailing slash).
 * @param customApiUrl - The app config's `custom_api_url`.
 * @param pageHostname - `location.hostname`, or `null` outside a browser (never cookie mode then).
 * @internal
 */
export function resolveApiRoute(
  defaultApiUrl: string,
  customApiUrl: string | null | undefined,
  pageHostname: string | null,
): ApiRoute {
  if (!customApiUrl) return { apiUrl: defaultApiUrl, cookieMode: false }
  let url: URL
  try {
    url = new URL(customApiUrl)
  } catch {
    return { apiUrl: defaultApiUrl, cookieMode: false }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { apiUrl: defaultApiUrl, cookieMode: false }
  const apiUrl = `${url.origin}${url.pathname}`.replace(/\/+$/, '')
  const apiHost = url.hostname.toLowerCase()
  const pageHost = pageHostname?.toLowerCase() ?? null
  const sameSite =
    pageHost !== null &&
    pageHost !== '' &&
    (apiHost === pageHost || pageHost.endsWith(`.${apiHost}`) || apiHost.endsWith(`.${pageHost}`))
  return { apiUrl, cookieMode: sameSite && apiUrl !== defaultApiUrl }
}
