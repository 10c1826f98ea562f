import { OAuthUnknownError } from '../errors/OAuthUnknownError'
import type { OAuthPopupRef, OAuthWindow } from './oauthWindow'
import { watchPopup } from './watchPopup'

/**
 * The origin Apple's iCloud sign-in posts the web auth token from: the page CloudKit's `redirectURL` ends
 * on, on Apple's CloudKit CDN (docs/recovery-icloud.md "The calls").
 */
export const CLOUDKIT_SIGN_IN_ORIGIN = 'https://cdn.apple-cloudkit.com'

/** Options of {@link waitForIcloudSignIn}. @internal */
export type WaitForIcloudSignInOptions = {
  /** Where the sign-in's message comes from; default {@link CLOUDKIT_SIGN_IN_ORIGIN}. */
  signInOrigin?: string | undefined
  /** Aborts the wait: the popup is closed, polling and listeners stop, and the wait rejects with `signal.reason`. */
  signal?: AbortSignal | undefined
}

/**
 * Waits for the Apple ID sign-in in `popup` to hand back the user's CloudKit web auth token
 * (docs/recovery-icloud.md): with an API token whose sign-in callback is postMessage, Apple's page posts
 * `{ ckSession }` (or `{ errorMessage }`) to its opener from `signInOrigin`; a message counts only when its
 * `source` is the popup and its `origin` is `signInOrigin` (other pages the popup passes through are
 * ignored). With a URL-redirect callback the popup comes back to the app's origin with `ckWebAuthToken` in
 * its query, which the opener reads every poll (250 ms). The popup's life (closed, aborted,
 * clean-up) is {@link watchPopup}'s, as for the OAuth consent popup.
 *
 * @returns The web auth token, as Apple gave it (not URL-encoded).
 * @throws {OAuthPopupError} `'oauth_popup_closed'`: the user closed the popup first.
 * @throws {OAuthUnknownError} `'UNKNOWN_AUTH_ERROR'`: the sign-in posted `errorMessage` (its text in `details`).
 * @throws `signal.reason` when `signal` aborts.
 * @internal
 */
export function waitForIcloudSignIn(
  win: OAuthWindow,
  popup: OAuthPopupRef,
  options: WaitForIcloudSignInOptions = {},
): Promise<string> {
  const signInOrigin = options.signInOrigin ?? CLOUDKIT_SIGN_IN_ORIGIN
  return watchPopup<string>(win, popup, {
    signal: options.signal,
    onMessage(event, settle) {
      if (event.source !== (popup as unknown) || event.origin !== signInOrigin) return
      const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as {
        ckSession?: unknown
        errorMessage?: unknown
      }
      if (typeof data.ckSession === 'string' && data.ckSession !== '') return settle.resolve(data.ckSession)
      if (typeof data.errorMessage === 'string')
        settle.reject(new OAuthUnknownError({ details: data.errorMessage }))
    },
    onAddress(href, settle) {
      if (!href.startsWith(`${win.location.origin}/`)) return
      const token = new URL(href).searchParams.get('ckWebAuthToken')
      if (token) settle.resolve(token)
    },
  })
}
