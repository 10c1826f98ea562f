import { OAUTH_POPUP_HEIGHT_PX, OAUTH_POPUP_WIDTH_PX } from '@foyer/protocol'

/**
 * What the OAuth flow uses of the browser window (a narrow type so tests can hand in a fake).
 *
 * @internal
 */
export type OAuthWindow = {
  location: { href: string; origin: string; assign(url: string): void }
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string | URL | null): void }
  opener: OAuthWindowRef | null
  screenX: number
  screenY: number
  outerWidth: number
  outerHeight: number
  open(url?: string, target?: string, features?: string): OAuthPopupRef | null
  close(): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  setInterval(handler: () => void, timeout: number): number
  clearInterval(id: number): void
  /** The browser's `BroadcastChannel` (absent where there is none: the popup fallback is then off). */
  BroadcastChannel?: (new (name: string) => OAuthChannel) | undefined
}

/** A `BroadcastChannel` as the OAuth flow uses it (docs/wire.md#oauth `popup-privy-oauth`). @internal */
export type OAuthChannel = {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  close(): void
}

/** Another window this one can post to (the popup's opener). @internal */
export type OAuthWindowRef = { postMessage(message: unknown, targetOrigin: string): void }

/** The popup as its opener sees it: `location` is readable only once it is back on the app's origin. @internal */
export type OAuthPopupRef = {
  closed: boolean
  close(): void
  location: { href: string; replace(url: string): void }
}

/** The browser's `window`, or `null` outside a browser. @internal */
export function browserWindow(): OAuthWindow | null {
  return typeof window === 'undefined' ? null : (window as unknown as OAuthWindow)
}

/**
 * Opens a blank popup named `name`: 440 × 680 px (docs/limits.md), centred over the current window. Call it
 * synchronously in a click handler (or right after one): browsers block popups opened later.
 *
 * @returns The popup, or `null` when the browser blocked it (or outside a browser). Never throws.
 * @internal
 */
export function openCenteredPopup(name: string): OAuthPopupRef | null {
  const win = browserWindow()
  if (!win) return null
  const left = Math.round(win.screenX + (win.outerWidth - OAUTH_POPUP_WIDTH_PX) / 2)
  const top = Math.round(win.screenY + (win.outerHeight - OAUTH_POPUP_HEIGHT_PX) / 2)
  const features = `popup=yes,width=${OAUTH_POPUP_WIDTH_PX},height=${OAUTH_POPUP_HEIGHT_PX},left=${left},top=${top}`
  try {
    return win.open('', name, features)
  } catch {
    return null
  }
}
