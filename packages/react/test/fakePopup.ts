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
