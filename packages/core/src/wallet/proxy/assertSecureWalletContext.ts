import { EmbeddedWalletError } from '../errors/EmbeddedWalletError'

/** An IPv4 address in dotted-quad form (each part 0–255). */
const ipv4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/

/**
 * Whether a page at `url` may hold an embedded wallet (docs/security.md "Where the wallet runs"): served over
 * `https:`, or on a development host — `localhost` (and its `*.localhost` names) or an IP address (IPv4, or
 * IPv6 in brackets as URLs write it), where plain `http:` is accepted.
 *
 * @example isSecureWalletUrl(new URL('http://192.168.1.20:5173/')) // true
 * @example isSecureWalletUrl(new URL('http://shop.example/')) // false
 */
export function isSecureWalletUrl(url: URL): boolean {
  if (url.protocol === 'https:') return true
  if (url.protocol !== 'http:') return false
  const host = url.hostname.toLowerCase()
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    ipv4.test(host) ||
    (host.startsWith('[') && host.endsWith(']'))
  )
}

/**
 * Refuses to open a wallet frame from a page, or to a wallet server, that is neither on HTTPS nor on a
 * development host ({@link isSecureWalletUrl}). Outside a browser (no `location`) only `frameUrl` is checked.
 *
 * @throws {EmbeddedWalletError} `'https_required'` ('Embedded wallet is only available over HTTPS').
 * @internal
 */
export function assertSecureWalletContext(
  frameUrl: URL,
  pageUrl: string | undefined = globalThis.location?.href,
): void {
  let page: URL | undefined
  try {
    page = pageUrl === undefined ? undefined : new URL(pageUrl)
  } catch {
    page = undefined
  }
  // A page of another scheme (file:, a browser extension) is judged by the server it talks to alone.
  const pageInsecure = page !== undefined && page.protocol === 'http:' && !isSecureWalletUrl(page)
  if (pageInsecure || !isSecureWalletUrl(frameUrl)) throw new EmbeddedWalletError('https_required')
}
