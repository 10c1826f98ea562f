import { type ExportFrameTheme, exportFrameThemeFields } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { assertSecureWalletContext } from './assertSecureWalletContext'
import { createWalletProxy, type WalletProxy } from './createWalletProxy'
import { walletFrameUrl } from './getWalletProxy'

/** What the caller of a key page (`exportWallet`, `importWallet`) decides about its frame. */
export type KeyPageFrameParameters = {
  /** Puts the visible frame into the page (e.g. into the modal's export or import screen). */
  mount: (iframe: HTMLIFrameElement) => void
  /**
   * The host's theme for the frame page (docs/modal.md "theme colours"; fields in `exportFrameThemeFields`),
   * passed as query fields; the page keeps only values it checked (hex/`rgb()` colours, a 0–32 px radius, a
   * plain font list).
   */
  theme?: ExportFrameTheme | undefined
  /**
   * Aborting removes the frame and rejects the call (e.g. the screen unmounted): `exportWallet` with the
   * signal's reason, `importWallet` with `'wallet_import_canceled'`.
   */
  signal?: AbortSignal | undefined
  /**
   * The frame's content height in CSS px, each time it changes: the frame's own height is set to it (it
   * starts at 100% of its container), so nothing in it scrolls (docs/frame-protocol.md, "Export page
   * messages").
   */
  onResize?: ((height: number) => void) | undefined
  /** The user pressed Escape inside the frame, where the host page's key handlers cannot hear it. */
  onEscape?: (() => void) | undefined
}

/** Parameters of {@link mountKeyPage}: the page and its query, and the caller's frame parameters. */
export type MountKeyPageParameters = KeyPageFrameParameters & {
  /** The page: `/export` (`/apps/{appId}/embedded-wallets/export`) or `/import`. */
  page: '/export' | '/import'
  /** The page's own query fields; an `undefined` value is left out. */
  query: Record<string, string | undefined>
}

/** A mounted key page: its frame's proxy, and `close()` (idempotent) to stop listening and remove it. */
export type KeyPage = { proxy: WalletProxy; close(): void }

/**
 * Mounts one of the wallet frame's visible key pages — the export page that shows a key, the import page a
 * key is typed into (docs/modal.md "Key export", docs/embedded-wallets.md#imported-keys) — over HTTPS only,
 * full width and sized to its content: it hears the page's `foyer:export:resize` `{ height }` and
 * `foyer:export:escape`, from that frame's window and origin only (docs/frame-protocol.md, "Export page
 * messages").
 *
 * @throws {EmbeddedWalletError} `'https_required'` ('Embedded wallet is only available over HTTPS').
 * @throws the signal's reason when it is already aborted.
 * @example
 * const page = await mountKeyPage(client, { page: '/import', query: { chainType }, mount: (iframe) => box.append(iframe) })
 */
export async function mountKeyPage(
  client: FoyerClient,
  parameters: MountKeyPageParameters,
): Promise<KeyPage> {
  const url = await walletFrameUrl(client, parameters.page)
  assertSecureWalletContext(url)
  for (const [field, value] of Object.entries(parameters.query))
    if (value !== undefined) url.searchParams.set(field, value)
  for (const field of exportFrameThemeFields) {
    const value = parameters.theme?.[field]
    if (value !== undefined) url.searchParams.set(field, value)
  }
  const { signal } = parameters
  signal?.throwIfAborted()
  const proxy = createWalletProxy({
    frameUrl: url.href,
    mount: parameters.mount,
    style: 'display:block;width:100%;height:100%;border:0;',
  })
  const onMessage = (event: MessageEvent) => {
    if (event.source !== proxy.iframe.contentWindow || event.origin !== url.origin) return
    const data = event.data as { type?: unknown; height?: unknown } | null
    if (
      data?.type === 'foyer:export:resize' &&
      typeof data.height === 'number' &&
      Number.isFinite(data.height)
    ) {
      const height = Math.min(Math.max(Math.round(data.height), 0), 4096)
      proxy.iframe.style.height = `${height}px`
      parameters.onResize?.(height)
    } else if (data?.type === 'foyer:export:escape') parameters.onEscape?.()
  }
  window.addEventListener('message', onMessage)
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    signal?.removeEventListener('abort', close)
    window.removeEventListener('message', onMessage)
    proxy.destroy()
  }
  signal?.addEventListener('abort', close, { once: true })
  return { proxy, close }
}
