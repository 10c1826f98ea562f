/** The Apple ID sign-in pages of the CloudKit stand-in. */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** JSON safe inside a `<script>` element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e').replaceAll('&', '\\u0026')

/** The form at the `redirectURL`: an Apple ID field (any email address signs in), posted back to `/signin`. */
export function signInPage(container: { containerIdentifier: string; environment: string }): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Sign in with your Apple ID</title></head><body>',
    '<h1>Sign in with your Apple ID</h1>',
    `<p>to use iCloud with ${escapeHtml(container.containerIdentifier)}</p>`,
    '<form method="post" action="/signin">',
    `<input type="hidden" name="container" value="${escapeHtml(container.containerIdentifier)}">`,
    `<input type="hidden" name="environment" value="${escapeHtml(container.environment)}">`,
    '<label>Apple ID <input name="appleId" type="email" autocomplete="username" required></label>',
    '<button type="submit">Sign In</button>',
    '</form></body></html>',
  ].join('\n')
}

/**
 * The page after a sign-in: posts `{ ckSession: token }` to its opener (target `openerOrigin`) as Apple's
 * sign-in does, then closes; the token is also in `#ck-session[data-ck-session]` for tests without a browser.
 */
export function signedInPage(token: string, openerOrigin: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Signed in</title></head><body>',
    `<p id="ck-session" data-ck-session="${escapeHtml(token)}">You are signed in to iCloud.</p>`,
    '<script>',
    `if (window.opener) { window.opener.postMessage({ ckSession: ${scriptJson(token)} }, ${scriptJson(openerOrigin)}); window.close() }`,
    '</script></body></html>',
  ].join('\n')
}

/** The web auth token of a {@link signedInPage}, for tests that drive the form over HTTP. */
export function ckSessionOf(html: string): string | undefined {
  const match = /data-ck-session="([^"]*)"/.exec(html)
  return match?.[1]?.replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"')
}
