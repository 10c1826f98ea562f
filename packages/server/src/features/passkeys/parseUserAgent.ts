/**
 * The browser and OS names of a `User-Agent` header, by simple token matching (docs/linked-accounts.md:
 * `createdWithBrowser`, `createdWithOs`); null for what it does not recognize. Order matters: Edge and Opera
 * carry "Chrome", Chrome carries "Safari".
 *
 * @example parseUserAgent('Mozilla/5.0 (X11; Linux x86_64) … Chrome/140.0 Safari/537.36') // { browser: 'Chrome', os: 'Linux' }
 */
export function parseUserAgent(userAgent: string | undefined): {
  browser: string | null
  os: string | null
} {
  const ua = userAgent ?? ''
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null
  return { browser, os }
}
