/** An embedded web view the page runs in: the in-app browser of a social or messaging app. */
export type InAppBrowser =
  | 'facebook'
  | 'instagram'
  | 'line'
  | 'tiktok'
  | 'twitter'
  | 'telegram'
  | 'linkedin'
  | 'snapchat'
  | 'wechat'
  | 'android-webview'

/** User-agent rules, most specific first (each app marks its web view with its own token). */
const rules: ReadonlyArray<readonly [InAppBrowser, RegExp]> = [
  ['instagram', /\bInstagram\b/i],
  ['facebook', /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFBIOS\b|\bFB4A\b/],
  ['line', /\bLine\/\d/],
  ['tiktok', /musical_ly|\bBytedanceWebview\b|\bTikTok\b|\btrill_\d/i],
  ['twitter', /\bTwitter(?:Android)?\b/i],
  ['telegram', /\bTelegram(?:-Android)?\b/i],
  ['linkedin', /\bLinkedInApp\b/i],
  ['snapchat', /\bSnapchat\b/i],
  ['wechat', /\bMicroMessenger\b/i],
  // Any other Android WebView marks itself with `; wv)` (Android System WebView).
  ['android-webview', /;\s*wv\)/],
]

/**
 * The in-app browser (embedded web view) a user agent belongs to, or `null` for a regular browser
 * (docs/modal.md "In-app browser login not possible", ): the web views of Facebook and Messenger
 * (`FBAN`/`FBAV`), Instagram, LINE (`Line/`), TikTok, X/Twitter, Telegram, LinkedIn, Snapchat, WeChat, and
 * any Android WebView (`; wv)`).
 *
 * @param userAgent - `navigator.userAgent`
 * @example detectInAppBrowser('Mozilla/5.0 (iPhone; …) Mobile/15E148 [FBAN/FBIOS;FBAV/400.0]') // 'facebook'
 */
export function detectInAppBrowser(userAgent: string): InAppBrowser | null {
  for (const [app, pattern] of rules) if (pattern.test(userAgent)) return app
  return null
}

/** `navigator.userAgent`, or `''` outside a browser. */
export function currentUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : (navigator.userAgent ?? '')
}
