/**
 * The OAuth popup's return page, answered by the callback itself (docs/modal.md "The popup's return page"),
 * so the popup never loads the app.
 */
import { createHash } from 'node:crypto'
import {
  OAUTH_POPUP_RESPONSE_TYPE,
  OAUTH_POPUP_RETURN_PATH,
  OAUTH_POPUP_RETURN_TO_PARAMETER,
  oauthReturnParameters,
} from '@foyer/protocol'

/**
 * The app's page a popup-return `redirect_to` names (`{server}/api/v1/oauth/popup_return?return_to=…`), or
 * `null` when `redirectTo` is no such URL. With `publicUrl`, the marker must be on the server's own origin.
 * The marker itself is never loaded: the callback answers {@link popupReturnPage} in its place, and the code
 * goes only to the returned page's origin, which the caller checks like any `redirect_to`.
 *
 * @example popupReturnTarget('https://auth.example/api/v1/oauth/popup_return?return_to=https%3A%2F%2Fshop.example%2F') // 'https://shop.example/'
 */
export function popupReturnTarget(redirectTo: string, publicUrl?: string | null | undefined): string | null {
  let url: URL
  try {
    url = new URL(redirectTo)
  } catch {
    return null
  }
  if (!url.pathname.endsWith(OAUTH_POPUP_RETURN_PATH)) return null // a server behind a path prefix too
  if (publicUrl && url.origin !== new URL(publicUrl).origin) return null
  return url.searchParams.get(OAUTH_POPUP_RETURN_TO_PARAMETER)
}

// In the popup: hands the code to the opener at the app's origin (the browser delivers it only there) and
// closes; without an opener (a provider page whose Cross-Origin-Opener-Policy severed it), goes on to the
// app's page with the return parameters, whose SDK passes them on over the same-origin BroadcastChannel.
const script =
  "var d=JSON.parse(document.getElementById('foyer-oauth-return').textContent);" +
  'if(window.opener){window.opener.postMessage(d.message,d.origin);window.close()}else location.replace(d.page)'
const scriptHash = createHash('sha256').update(script).digest('base64')

/** The page's Content-Security-Policy: only its own script runs; nothing loads, posts or frames it. */
export const POPUP_RETURN_PAGE_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${scriptHash}'`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * The return page for the callback's destination `url` when it is a popup return (a checked
 * {@link popupReturnTarget} with the three `privy_oauth_*` parameters appended), else `null`. The page posts
 * `{ type: 'PRIVY_OAUTH_RESPONSE', stateCode, authorizationCode }` (docs/wire.md#oauth) to `window.opener`
 * with the app page's origin as the target origin, and closes; without an opener it goes to the app's page
 * with the parameters. Serve it with {@link POPUP_RETURN_PAGE_CSP}, `Cache-Control: no-store` and
 * `Referrer-Policy: no-referrer`.
 */
export function popupReturnPage(url: string, publicUrl?: string | null | undefined): string | null {
  const target = popupReturnTarget(url, publicUrl)
  if (target === null) return null
  const query = new URL(url).searchParams
  const page = new URL(target)
  for (const name of Object.values(oauthReturnParameters)) page.searchParams.set(name, query.get(name) ?? '')
  const data = {
    origin: page.origin,
    page: page.toString(),
    message: {
      type: OAUTH_POPUP_RESPONSE_TYPE,
      stateCode: query.get(oauthReturnParameters.state),
      authorizationCode: query.get(oauthReturnParameters.code),
    },
  }
  // `<` escaped: the JSON cannot close its script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title>' +
    '<link rel="icon" href="data:,"></head><body>' +
    `<script type="application/json" id="foyer-oauth-return">${json}</script>` +
    `<script>${script}</script></body></html>`
  )
}
