import { OAUTH_POPUP_ERROR_TYPE, OAUTH_POPUP_RESPONSE_TYPE } from '@foyer/protocol'
import { OAuthPopupError } from '../errors/OAuthPopupError'
import { OAuthUnknownError } from '../errors/OAuthUnknownError'
import type { OAuthPopupRef, OAuthWindow } from './oauthWindow'
import { parseOAuthReturn } from './readOAuthReturn'

/** How often the opener checks the popup (closed? back on the app's origin?), in ms. */
export const OAUTH_POPUP_POLL_MS = 250

/** The code and state the popup hands back. @internal */
export type OAuthPopupResult = { authorizationCode: string; stateCode: string }

/**
 * Waits for the OAuth popup to hand back its code (WIRE.md §1): the return page posts
 * `{ type: 'PRIVY_OAUTH_RESPONSE', stateCode, authorizationCode }` (or `{ type: 'PRIVY_OAUTH_ERROR', error }`)
 * to its opener. A message counts only when its `source` is the popup; its `origin` must be `origin` (the
 * return page's), else the wait fails with 'Origins between parent and child windows do not match.'
 * (STYLE.md §6). Every {@link OAUTH_POPUP_POLL_MS} the opener also reads the popup's address once it is
 * back on the app's origin (an app whose return page does not run the SDK), and notices a closed popup.
 * The popup is closed and the listener removed when the wait settles.
 *
 * @throws {OAuthPopupError} `'oauth_origin_mismatch'`, `'oauth_popup_closed'`.
 * @throws {OAuthUnknownError} `'UNKNOWN_AUTH_ERROR'`: the popup posted an error.
 * @internal
 */
export function waitForOAuthPopup(
  win: OAuthWindow,
  popup: OAuthPopupRef,
  origin: string,
): Promise<OAuthPopupResult> {
  return new Promise((resolve, reject) => {
    let closedSeen = false
    const finish = (settle: () => void) => {
      win.removeEventListener('message', onMessage)
      win.clearInterval(timer)
      if (!popup.closed) popup.close()
      settle()
    }
    const onMessage = (event: MessageEvent) => {
      if (event.source !== (popup as unknown)) return
      const data = event.data as {
        type?: unknown
        stateCode?: unknown
        authorizationCode?: unknown
        error?: unknown
      }
      if (typeof data !== 'object' || data === null) return
      if (data.type !== OAUTH_POPUP_RESPONSE_TYPE && data.type !== OAUTH_POPUP_ERROR_TYPE) return
      if (event.origin !== origin)
        return finish(() =>
          reject(new OAuthPopupError('oauth_origin_mismatch', { details: `${event.origin} ≠ ${origin}` })),
        )
      if (data.type === OAUTH_POPUP_ERROR_TYPE)
        return finish(() =>
          reject(new OAuthUnknownError({ details: typeof data.error === 'string' ? data.error : undefined })),
        )
      if (typeof data.stateCode !== 'string' || typeof data.authorizationCode !== 'string')
        return finish(() => reject(new OAuthUnknownError({ details: 'The popup answered without a code.' })))
      const result = { stateCode: data.stateCode, authorizationCode: data.authorizationCode }
      finish(() => resolve(result))
    }
    const poll = () => {
      if (popup.closed) {
        // A message posted just before the popup closed may still be queued: give it one more tick.
        if (closedSeen) finish(() => reject(new OAuthPopupError('oauth_popup_closed')))
        closedSeen = true
        return
      }
      let href: string
      try {
        href = popup.location.href // throws while the popup is on another origin
      } catch {
        return
      }
      if (!href.startsWith(`${origin}/`) && href !== origin) return
      const found = parseOAuthReturn(href)
      if (found)
        finish(() => resolve({ authorizationCode: found.authorizationCode, stateCode: found.stateCode }))
    }
    win.addEventListener('message', onMessage)
    const timer = win.setInterval(poll, OAUTH_POPUP_POLL_MS)
  })
}
