import { expect, vi } from 'vitest'
import type { OAuthPopupRef, OAuthWindow, OAuthWindowRef } from '../src/oauth/oauthWindow'

/** A popup as the fake window opened it: where it is, and helpers to move it as the provider would. */
export type FakePopup = OAuthPopupRef & {
  /** The name and features `window.open` got. */
  target: string | undefined
  features: string | undefined
  /** Sends the popup to `href` (its location becomes unreadable when that is another origin). */
  navigate(href: string): void
}

/**
 * A stand-in for the browser window of the OAuth flow, enough for `startOAuthFlow` and `handleOAuthReturn`
 * in Node: `location` (with `assign` recorded), `history.replaceState` (which changes `location.href`),
 * `open` (a fake popup, or `null` when `blocked`), message listeners, and intervals that run only when the
 * test calls `tick()`. Install with `vi.stubGlobal('window', fake.window)`.
 */
export function createFakeOAuthWindow(url = 'http://app.test/login?tab=1#top') {
  const listeners = new Set<(event: MessageEvent) => void>()
  const intervals = new Map<number, () => void>()
  const popups: FakePopup[] = []
  const assigned: string[] = []
  const replacedUrls: string[] = []
  const posted: { message: unknown; targetOrigin: string }[] = []
  let nextId = 1
  const state = { blocked: false, closed: false }

  const createPopup = (target?: string, features?: string): FakePopup => {
    let href = 'about:blank'
    const popup: FakePopup = {
      closed: false,
      target,
      features,
      close() {
        popup.closed = true
      },
      location: {
        get href() {
          if (href !== 'about:blank' && new URL(href).origin !== new URL(win.location.href).origin)
            throw new Error('SecurityError: Blocked a frame with origin from accessing a cross-origin frame.')
          return href
        },
        replace(next: string) {
          href = next
        },
      },
      navigate(next: string) {
        href = next
      },
    }
    return popup
  }

  const win: OAuthWindow & { closed: boolean } = {
    location: {
      href: url,
      get origin() {
        return new URL(this.href).origin
      },
      assign(next: string) {
        assigned.push(next)
      },
    },
    history: {
      state: { page: 1 },
      replaceState(_data: unknown, _unused: string, next?: string | URL | null) {
        if (next === undefined || next === null) return
        replacedUrls.push(String(next))
        win.location.href = new URL(String(next), win.location.href).toString()
      },
    },
    opener: null as OAuthWindowRef | null,
    screenX: 100,
    screenY: 40,
    outerWidth: 1240,
    outerHeight: 880,
    closed: false,
    open(_url?: string, target?: string, features?: string) {
      if (state.blocked) return null
      const popup = createPopup(target, features)
      popups.push(popup)
      return popup
    },
    close() {
      win.closed = true
    },
    addEventListener(type: 'message', listener: (event: MessageEvent) => void) {
      if (type === 'message') listeners.add(listener)
    },
    removeEventListener(type: 'message', listener: (event: MessageEvent) => void) {
      if (type === 'message') listeners.delete(listener)
    },
    setInterval(handler: () => void) {
      const id = nextId++
      intervals.set(id, handler)
      return id
    },
    clearInterval(id: number) {
      intervals.delete(id)
    },
  }

  return {
    window: win,
    popups,
    assigned,
    replacedUrls,
    posted,
    /** Makes `window.open` return `null`, as a popup blocker does. */
    block() {
      state.blocked = true
    },
    /** Gives the page an opener (as in a popup) that records what is posted to it. */
    setOpener() {
      win.opener = { postMessage: (message, targetOrigin) => posted.push({ message, targetOrigin }) }
    },
    /** Delivers a message event to the page's listeners. */
    dispatch(event: { origin: string; source: unknown; data: unknown }) {
      for (const listener of [...listeners]) listener(event as MessageEvent)
    },
    /** Runs every interval once. */
    tick() {
      for (const handler of [...intervals.values()]) handler()
    },
    /**
     * Waits until the first popup is at the provider (another origin: reading its location throws, i.e. the
     * init call answered and the popup was sent on) and returns it.
     */
    async popupAway(): Promise<FakePopup> {
      await vi.waitFor(() => {
        expect(() => popups[0]?.location.href).toThrow()
      })
      const popup = popups[0]
      if (!popup) throw new Error('no popup')
      return popup
    },
    /**
     * The user closes the popup at the provider: waits for it ({@link popupAway}), closes it and runs the
     * intervals twice, so the flow's watch sees it closed.
     */
    async closePopupAway(): Promise<void> {
      const popup = await this.popupAway()
      popup.close()
      this.tick()
      this.tick()
    },
    listenerCount: () => listeners.size,
    intervalCount: () => intervals.size,
  }
}
