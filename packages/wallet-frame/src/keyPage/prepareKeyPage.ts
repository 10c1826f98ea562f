import { readExportTheme } from '../export/readExportTheme'

/** What a key page tells its host page (docs/frame-protocol.md, "Export page messages"). */
export type KeyPageHost = {
  /** The page's content height in CSS px, each time it changes (a secret revealed or hidden, a form shown). */
  onResize?(height: number): void
  /** The user pressed Escape inside the frame. */
  onEscape?(): void
}

/**
 * Prepares a page that handles a key in the frame's own document (the export and the import page,
 * docs/modal.md "Key export", docs/embedded-wallets.md#imported-keys): adopts `styles` (the pages' CSP allows
 * no inline `<style>`), applies the host's theme from `query` after `readExportTheme` checked it, and tells
 * `host` of the page's height and of Escape. The host sizes the frame to the page's own, content-sized height,
 * so a taller frame never feeds back into it; Escape is passed on because keys typed in this frame never reach
 * the host page, and it closes the frame as it closes the modal everywhere else.
 *
 * @example prepareKeyPage(document, root, new URLSearchParams(location.search), exportStyles, { onEscape })
 */
export function prepareKeyPage(
  document: Document,
  root: HTMLElement,
  query: URLSearchParams,
  styles: string,
  host: KeyPageHost,
): void {
  const win = document.defaultView
  if (win && 'adoptedStyleSheets' in document && typeof win.CSSStyleSheet === 'function') {
    const sheet = new win.CSSStyleSheet()
    sheet.replaceSync(styles)
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  }
  for (const [variable, value] of Object.entries(readExportTheme(query)))
    document.documentElement.style.setProperty(variable, value)
  if (host.onResize && win && typeof win.ResizeObserver === 'function') {
    let last = 0
    new win.ResizeObserver(() => {
      const height = Math.ceil(root.getBoundingClientRect().height)
      if (height <= 0 || height === last) return
      last = height
      host.onResize?.(height)
    }).observe(root)
  }
  if (host.onEscape)
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !event.defaultPrevented) host.onEscape?.()
    })
}
