import { vi } from 'vitest'

/**
 * A popup as `window.open` hands it back while it is at another origin (a sign-in provider, a pay page): its
 * `location.href` unreadable (throws as a browser's cross-origin check does) until closed; `replacedWith`
 * records every `location.replace(url)`, `close()` sets `closed`.
 */
export function createFakePopup() {
  const popup = {
    closed: false,
    replacedWith: [] as string[],
    close() {
      popup.closed = true
    },
    location: {
      get href(): string {
        throw new Error('SecurityError: cross-origin')
      },
      replace(url: string) {
        popup.replacedWith.push(url)
      },
    },
  }
  return popup
}

/** A popup of {@link createFakePopup}. */
export type FakePopup = ReturnType<typeof createFakePopup>

/**
 * Spies on `window.open` (undo with `vi.restoreAllMocks()`): each call opens a {@link createFakePopup} and
 * pushes it onto `popups`, or returns `null` (a blocked popup) while `blocked()` is true.
 *
 * @returns the spy
 */
export function openFakePopups(popups: FakePopup[], blocked: () => boolean = () => false) {
  return vi.spyOn(window, 'open').mockImplementation(() => {
    if (blocked()) return null
    const popup = createFakePopup()
    popups.push(popup)
    return popup as never
  })
}

/**
 * Spies on `window.open` with a popup that, once sent to Google (`location.replace(url)`, recorded in
 * `replacedWith`), comes back to this page with `code` for the state the last `recovery/oauth/init` in
 * `calls` sent: the recovery OAuth return (docs/recovery-oauth.md). `code: 'undefined'` is Google's denial.
 *
 * @returns the spy and the popup
 */
export function openGoogleRecoveryPopup(calls: readonly { path: string; body?: unknown }[], code: string) {
  let href: string | null = null
  const popup = {
    closed: false,
    replacedWith: [] as string[],
    close() {
      popup.closed = true
    },
    location: {
      get href(): string {
        if (href === null) throw new Error('SecurityError: cross-origin')
        return href
      },
      replace(url: string) {
        popup.replacedWith.push(url)
        const init = calls.findLast((call) => call.path === '/api/v1/recovery/oauth/init')
        const back = new URL(window.location.href)
        back.search = new URLSearchParams({
          privy_oauth_code: code,
          privy_oauth_state: (init?.body as { state_code?: string } | undefined)?.state_code ?? '',
          privy_oauth_provider: 'google-drive',
        }).toString()
        href = back.href
      },
    },
  }
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
  return { open, popup }
}
