import { OAUTH_POPUP_CHANNEL, OAUTH_POPUP_ERROR_TYPE, OAUTH_POPUP_RESPONSE_TYPE } from '@foyer/protocol'
import { OAuthPopupError } from '../errors/OAuthPopupError'
import { OAuthUnknownError } from '../errors/OAuthUnknownError'
import type { OAuthChannel, OAuthPopupRef, OAuthWindow } from './oauthWindow'
import { parseOAuthReturn } from './readOAuthReturn'

/** How often the opener checks the popup (closed? back on the app's origin?), in ms. */
export const OAUTH_POPUP_POLL_MS = 250

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
 * counts only when its `stateCode` is this flow's. Every {@link OAUTH_POPUP_POLL_MS} the opener also reads
 * the popup's address once it is back on the app's origin (an app whose return page does not run the SDK),
 * and notices a closed popup. The popup is closed and every listener removed when the wait settles or is
 * aborted.
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
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      if (!popup.closed) popup.close()
      reject(signal.reason)
      return
    }
    let closedSeen = false
    let channel: OAuthChannel | undefined
    const finish = (settle: () => void) => {
      win.removeEventListener('message', onMessage)
      win.clearInterval(timer)
      channel?.removeEventListener('message', onChannelMessage)
      channel?.close()
      signal?.removeEventListener('abort', onAbort)
      if (!popup.closed) popup.close()
      settle()
    }
    /** Settles on a RESPONSE or ERROR message (already known to come from this flow's popup). */
    const answer = (data: PopupMessage) => {
      if (data.type === OAUTH_POPUP_ERROR_TYPE)
        return finish(() =>
          reject(new OAuthUnknownError({ details: typeof data.error === 'string' ? data.error : undefined })),
        )
      if (typeof data.stateCode !== 'string' || typeof data.authorizationCode !== 'string')
        return finish(() => reject(new OAuthUnknownError({ details: 'The popup answered without a code.' })))
      const result = { stateCode: data.stateCode, authorizationCode: data.authorizationCode }
      finish(() => resolve(result))
    }
    const popupMessage = (data: unknown): PopupMessage | null => {
      if (typeof data !== 'object' || data === null) return null
      const message = data as PopupMessage
      return message.type === OAUTH_POPUP_RESPONSE_TYPE || message.type === OAUTH_POPUP_ERROR_TYPE
        ? message
        : null
    }
    const onMessage = (event: MessageEvent) => {
      if (event.source !== (popup as unknown)) return
      const data = popupMessage(event.data)
      if (!data) return
      if (event.origin !== origin)
        return finish(() =>
          reject(new OAuthPopupError('oauth_origin_mismatch', { details: `${event.origin} ≠ ${origin}` })),
        )
      answer(data)
    }
    const onChannelMessage = (event: MessageEvent) => {
      const data = popupMessage(event.data)
      // Any page of the origin can post here: only this flow's state is taken (another tab's flow is not ours).
      if (!data || data.stateCode !== stateCode) return
      answer(data)
    }
    const onAbort = () => finish(() => reject(signal?.reason))
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
    if (win.BroadcastChannel) {
      channel = new win.BroadcastChannel(OAUTH_POPUP_CHANNEL)
      channel.addEventListener('message', onChannelMessage)
    }
    signal?.addEventListener('abort', onAbort)
    const timer = win.setInterval(poll, OAUTH_POPUP_POLL_MS)
  })
}
