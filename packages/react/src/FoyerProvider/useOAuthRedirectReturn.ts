import type { FoyerClient } from '@foyer/core'
import { oauthReturnParameters } from '@foyer/protocol'
import { useEffect, useRef } from 'react'
import { toErrorInfo } from '../errors/toErrorInfo'
import { preloadOAuthScreens } from '../modal/preloadScreens'
import type { Route } from '../modal/router/createRouter'
import type { ScreenParamsMap } from '../modal/screenParams'

/**
 * The provider of a page load that is a full-page OAuth return (all three `privy_oauth_*` parameters, no
 * opener: not the popup of a popup flow), read synchronously so the modal can show 'Verifying' and the
 * provider on its first frame (docs/modal.md "OAuth status"); `null` on any other page load or off a browser.
 */
export function fullPageOAuthReturnProvider(): string | null {
  if (typeof window === 'undefined') return null
  const search = new URLSearchParams(window.location.search)
  if (!Object.values(oauthReturnParameters).every((name) => search.has(name))) return null
  let opener: unknown = null
  try {
    opener = window.opener
  } catch {}
  return opener ? null : search.get(oauthReturnParameters.provider)
}

/**
 * Finishes an OAuth return at page load (docs/modal.md; internal to `FoyerProvider`). Only when the URL
 * carries all three `privy_oauth_*` parameters does it load `finishOAuthRedirectReturn` with
 * `@foyer/core/oauth` (so other page loads carry none of it), which removes them from the URL: in the popup
 * of a popup flow, that hands the code to the opener and closes the popup; after a full-page redirect, `show`
 * opens the modal on the OAuth status screen ('Verifying' and the provider), which exchanges the code once
 * the client is initialized. The status screen's code starts loading at once, beside that chunk rather than
 * after it, so the modal opens one chunk earlier. Runs once per provider, also under StrictMode.
 * `nothingShown` is called when the return ended without opening the modal (the popup's page).
 */
export function useOAuthRedirectReturn(
  client: FoyerClient,
  show: (route: Route<ScreenParamsMap>) => void,
  nothingShown: () => void,
): void {
  const started = useRef(false)
  useEffect(() => {
    if (started.current || typeof window === 'undefined') return
    const search = new URLSearchParams(window.location.search)
    if (!Object.values(oauthReturnParameters).every((name) => search.has(name))) return
    started.current = true
    if (!window.opener) preloadOAuthScreens() // a full-page return shows the status screen next
    import('./finishOAuthRedirectReturn')
      .then(({ finishOAuthRedirectReturn }) => finishOAuthRedirectReturn(client, show))
      .then((shown) => {
        if (!shown) nothingShown()
      })
      // The chunk did not load or the client could not start: say so rather than drop the return.
      .catch((error: unknown) => show({ id: 'error', params: toErrorInfo(error) }))
  }, [client, show, nothingShown])
}
