import { OAuthPopupError } from '../errors/OAuthPopupError'
import type { OAuthPopupRef, OAuthWindow } from './oauthWindow'

/** How often the opener checks the popup (closed? back on the app's origin?), in ms. */
export const OAUTH_POPUP_POLL_MS = 250

/** Ends a {@link watchPopup} wait: with a value, or with an error. @internal */
export type PopupSettle<T> = { resolve(value: T): void; reject(error: unknown): void }

/** What {@link watchPopup} listens to. @internal */
export type PopupWatch<T> = {
  /** Each `message` event of the opener (the watcher checks `source` and `origin` itself). */
  onMessage(event: MessageEvent, settle: PopupSettle<T>): void
  /** The popup's address, each poll while it is readable (the popup is back on the opener's origin). */
  onAddress?(href: string, settle: PopupSettle<T>): void
  /** More listeners (e.g. a BroadcastChannel); returns what removes them. */
  listen?(settle: PopupSettle<T>): () => void
  /** Aborts the wait with `signal.reason`. */
  signal?: AbortSignal | undefined
}

/**
 * Waits on a popup the opener sent to a provider (an OAuth consent, Apple's iCloud sign-in): `message`
 * events, the popup's address every {@link OAUTH_POPUP_POLL_MS} once it is readable, and `signal`. A popup
 * the user closed fails with `oauth_popup_closed` one poll after it was seen closed (a message posted just
 * before may still be queued). Whichever settles first wins; then the popup is closed and every listener and
 * the timer removed.
 *
 * @throws {OAuthPopupError} `'oauth_popup_closed'`.
 * @throws `signal.reason` when `signal` aborts.
 * @internal
 */
export function watchPopup<T>(win: OAuthWindow, popup: OAuthPopupRef, watch: PopupWatch<T>): Promise<T> {
  const { signal } = watch
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      if (!popup.closed) popup.close()
      reject(signal.reason)
      return
    }
    let done = false
    let closedSeen = false
    let timer: number | undefined
    let unlisten = () => {}
    const finish = (end: () => void) => {
      if (done) return
      done = true
      win.removeEventListener('message', onMessage)
      if (timer !== undefined) win.clearInterval(timer)
      unlisten()
      signal?.removeEventListener('abort', onAbort)
      if (!popup.closed) popup.close()
      end()
    }
    const settle: PopupSettle<T> = {
      resolve: (value) => finish(() => resolve(value)),
      reject: (error) => finish(() => reject(error)),
    }
    const onMessage = (event: MessageEvent) => watch.onMessage(event, settle)
    const onAbort = () => settle.reject(signal?.reason)
    const poll = () => {
      if (popup.closed) {
        if (closedSeen) settle.reject(new OAuthPopupError('oauth_popup_closed'))
        closedSeen = true
        return
      }
      let href: string
      try {
        href = popup.location.href // throws while the popup is on another origin
      } catch {
        return
      }
      watch.onAddress?.(href, settle)
    }
    win.addEventListener('message', onMessage)
    unlisten = watch.listen?.(settle) ?? unlisten
    signal?.addEventListener('abort', onAbort)
    timer = win.setInterval(poll, OAUTH_POPUP_POLL_MS)
  })
}
