import { OAUTH_POPUP_CHANNEL, OAUTH_POPUP_ERROR_TYPE, OAUTH_POPUP_RESPONSE_TYPE } from '@foyer/protocol'
import { OAuthPopupError } from '../errors/OAuthPopupError'
import { OAuthUnknownError } from '../errors/OAuthUnknownError'
import type { OAuthChannel, OAuthPopupRef, OAuthWindow } from './oauthWindow'
import { parseOAuthReturn } from './readOAuthReturn'
import { type PopupSettle, watchPopup } from './watchPopup'

/** The code and state the popup hands back. @internal */
export type OAuthPopupResult = { authorizationCode: string; stateCode: string }

/** Options of {@link waitForOAuthPopup}. @internal */
export type WaitForOAuthPopupOptions = {
  /** The flow's state (sent to `oauth/init`): a message on the BroadcastChannel counts only with it. */
  stateCode: string
  /** Aborts the wait: the popup is closed, polling and listeners stop, and the wait rejects with `signal.reason`. */
  signal?: AbortSignal | undefined
}

type PopupMessage = { type?: unknown; stateCode?: unknown; authorizationCode?: unknown; error?: unknown }

/**
 * Waits for the OAuth popup to hand back its code (docs/wire.md#oauth): the return page posts
 * `{ type: 'PRIVY_OAUTH_RESPONSE', stateCode, authorizationCode }` (or `{ type: 'PRIVY_OAUTH_ERROR', error }`)
 * to its opener. A message counts only when its `source` is the popup; its `origin` must be `origin` (the
 * return page's), else the wait fails with 'Origins between parent and child windows do not match.'
 * (docs/conventions.md "The frame protocol"). When the popup lost `window.opener`, its page posts the same
 * message on the BroadcastChannel `popup-privy-oauth` (same origin only, by the browser); there a message
 * counts only when its `stateCode` is this flow's. Every poll of {@link watchPopup} (250 ms) the opener also reads
 * the popup's address once it is back on the app's origin (an app whose return page does not run the SDK),
 * and notices a closed popup. The popup is closed and every listener removed when the wait settles or is
 * aborted ({@link watchPopup}, shared with the iCloud sign-in).
 *
 * @throws {OAuthPopupError} `'oauth_origin_mismatch'`, `'oauth_popup_closed'`.
 * @throws {OAuthUnknownError} `'UNKNOWN_AUTH_ERROR'`: the popup posted an error.
 * @throws `signal.reason` (an `AbortError` `DOMException` by default) when `signal` aborts.
 * @internal
 */
export function waitForOAuthPopup(
  win: OAuthWindow,
  popup: OAuthPopupRef,
  origin: string,
  options: WaitForOAuthPopupOptions,
): Promise<OAuthPopupResult> {
  const { stateCode, signal } = options
  /** Settles on a RESPONSE or ERROR message (already known to come from this flow's popup). */
  const answer = (data: PopupMessage, settle: PopupSettle<OAuthPopupResult>) => {
    if (data.type === OAUTH_POPUP_ERROR_TYPE)
      return settle.reject(
        new OAuthUnknownError({ details: typeof data.error === 'string' ? data.error : undefined }),
      )
    if (typeof data.stateCode !== 'string' || typeof data.authorizationCode !== 'string')
      return settle.reject(new OAuthUnknownError({ details: 'The popup answered without a code.' }))
    settle.resolve({ stateCode: data.stateCode, authorizationCode: data.authorizationCode })
  }
  const popupMessage = (data: unknown): PopupMessage | null => {
    if (typeof data !== 'object' || data === null) return null
    const message = data as PopupMessage
    return message.type === OAUTH_POPUP_RESPONSE_TYPE || message.type === OAUTH_POPUP_ERROR_TYPE
      ? message
      : null
  }
  return watchPopup<OAuthPopupResult>(win, popup, {
    signal,
    onMessage(event, settle) {
      if (event.source !== (popup as unknown)) return
      const data = popupMessage(event.data)
      if (!data) return
      if (event.origin !== origin)
        return settle.reject(
          new OAuthPopupError('oauth_origin_mismatch', { details: `${event.origin} ≠ ${origin}` }),
        )
      answer(data, settle)
    },
    onAddress(href, settle) {
      if (!href.startsWith(`${origin}/`) && href !== origin) return
      const found = parseOAuthReturn(href)
      if (found) settle.resolve({ authorizationCode: found.authorizationCode, stateCode: found.stateCode })
    },
    listen(settle) {
      if (!win.BroadcastChannel) return () => {}
      const channel: OAuthChannel = new win.BroadcastChannel(OAUTH_POPUP_CHANNEL)
      const onChannelMessage = (event: MessageEvent) => {
        const data = popupMessage(event.data)
        // Any page of the origin can post here: only this flow's state is taken (another tab's flow is not ours).
        if (!data || data.stateCode !== stateCode) return
        answer(data, settle)
      }
      channel.addEventListener('message', onChannelMessage)
      return () => {
        channel.removeEventListener('message', onChannelMessage)
        channel.close()
      }
    },
  })
}
