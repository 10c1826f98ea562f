import { cookieNames, SESSION_ABSOLUTE_TTL_SECONDS } from '@foyer/protocol'

/**
 * The cookies the client itself writes outside server-cookie mode (docs/sessions.md "Cookies are used when
 * not in server-cookie mode", docs/limits.md), so that a host back end on the same site can read the session:
 * - `privy-token` = the access token, expiring with it;
 * - `privy-session` = `t`, a 30-day flag that a session may exist.
 *
 * Both `Path=/; SameSite=Strict`, and `Secure` except on plain http://localhost and http://127.0.0.1
 * (docs/limits.md). `document` and `location` are looked up at call time; without them (server rendering,
 * Node) every function does nothing and `read` answers `null`.
 *
 * @internal
 */
export const sessionCookies = {
  /** Writes `privy-token` (Max-Age = seconds until `expiresAt`, Unix seconds) and `privy-session`. */
  write(accessToken: string, expiresAt: number): void {
    const maxAge = Math.floor(expiresAt - Date.now() / 1000)
    if (maxAge <= 0) {
      setCookie(cookieNames.accessToken, '', 0)
    } else {
      setCookie(cookieNames.accessToken, accessToken, maxAge)
    }
    setCookie(cookieNames.session, 't', SESSION_ABSOLUTE_TTL_SECONDS)
  },
  /** Removes `privy-token` and `privy-session`. */
  clear(): void {
    setCookie(cookieNames.accessToken, '', 0)
    setCookie(cookieNames.session, '', 0)
  },
  /** The value of the readable cookie `name` on this page, or `null`. */
  read(name: string): string | null {
    const cookie = documentCookie()
    if (!cookie) return null
    for (const part of cookie.split(';')) {
      const separator = part.indexOf('=')
      if (separator < 0) continue
      if (part.slice(0, separator).trim() === name) {
        try {
          return decodeURIComponent(part.slice(separator + 1).trim())
        } catch {
          return null
        }
      }
    }
    return null
  },
}

function documentCookie(): string | null {
  try {
    const cookie = globalThis.document?.cookie
    return typeof cookie === 'string' ? cookie : null
  } catch {
    return null
  }
}

/** Plain http on localhost / 127.0.0.1: the one place cookies go without `Secure` (docs/limits.md). */
function isInsecureLocalhost(): boolean {
  try {
    const { protocol, hostname } = globalThis.location
    return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1')
  } catch {
    return false
  }
}

function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  try {
    if (typeof globalThis.document?.cookie !== 'string') return
    const secure = isInsecureLocalhost() ? '' : '; Secure'
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Firefox/Safari; values are URI-encoded
    globalThis.document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Strict${secure}`
  } catch {
    // A page that forbids cookies (sandboxed frame) keeps working; only the host back end loses the cookie.
  }
}
