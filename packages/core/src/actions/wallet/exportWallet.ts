import { type ExportFrameTheme, exportFrameThemeFields } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { promptMfa, withMfa } from '../../mfa/withMfa'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { assertSecureWalletContext } from '../../wallet/proxy/assertSecureWalletContext'
import { createWalletProxy, type WalletProxy } from '../../wallet/proxy/createWalletProxy'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { walletFrameUrl } from '../../wallet/proxy/getWalletProxy'
import { requireAccessToken } from '../../wallet/requireAccessToken'
import { connectWallet } from './connectWallet'

/** Parameters of {@link exportWallet}. */
export type ExportWalletParameters = {
  wallet: EmbeddedWalletInfo
  /** Puts the visible export frame into the page (e.g. into the modal's export screen). */
  mount: (iframe: HTMLIFrameElement) => void
  /** Frame width in px, passed to the page (docs/modal.md `width`). */
  width?: number | undefined
  /**
   * The host's theme for the frame page (docs/modal.md "theme colours"; fields in `exportFrameThemeFields`),
   * passed as query fields; the page keeps only values it checked (hex/`rgb()` colours, a 0–32 px radius, a
   * plain font list).
   */
  theme?: ExportFrameTheme | undefined
  /**
   * The language of the page's texts, passed as the `locale` query field: `'en'`, `'de'`, `'es'`, `'fr'`,
   * `'ja'`, `'pt'` or `'zh-CN'` (a longer tag such as `'pt-BR'` shows its language); anything else shows
   * English. The modal passes its own language.
   */
  locale?: string | undefined
  /** Aborting removes the frame and rejects (e.g. the export screen unmounted). */
  signal?: AbortSignal | undefined
  /**
   * The frame's content height in CSS px, each time it changes: the frame's own height is set to it (it
   * starts at 100% of its container), so nothing in it scrolls (docs/frame-protocol.md, "Export page
   * messages").
   */
  onResize?: ((height: number) => void) | undefined
  /** The user pressed Escape inside the frame, where the page's own key handlers cannot hear it. */
  onEscape?: (() => void) | undefined
  /**
   * Ask a user with a second factor to verify before opening the frame (default true; docs/api.md "Export
   * forces MFA"). `false` when the caller just had the user verify (the modal does, before its export screen).
   */
  verifyFirst?: boolean | undefined
}

/** Return type of {@link exportWallet}: the frame, and `close()` to remove it. */
export type ExportWalletReturnType = { iframe: HTMLIFrameElement; close(): void }

/** What {@link exportWallet} throws (an action that calls others includes theirs). */
export type ExportWalletErrorType =
  | RequestErrorType
  | WalletProxyErrorType
  | MfaError
  | UserRejectedRequestError

/**
 * Shows a wallet's private key — and, for a non-imported Ethereum wallet, its recovery phrase — inside the
 * export frame at `/apps/{appId}/embedded-wallets/export` (docs/modal.md "Key export"; docs/api.md
 * `privy:wallets:export`). The key is rendered by the frame and never posted to the host; the host sends only
 * the access token. A user with a second factor verifies first, every time (docs/api.md "Export forces
 * MFA"; see `promptMfa`), and again if the server still refuses (`withMfa`).
 *
 * @returns the mounted frame and `close()`
 * @throws {EmbeddedWalletError} `'https_required'` ('Embedded wallet is only available over HTTPS').
 * @throws {WalletProxyError} the frame's error (e.g. `'wallet_not_on_device'`, `'missing_or_invalid_mfa'` for a guest).
 * @throws {MfaError} `'mfa_canceled'` when the user closed verification.
 * @example
 * const { close } = await exportWallet(client, { wallet, mount: (iframe) => container.append(iframe) })
 */
export async function exportWallet(
  client: FoyerClient,
  parameters: ExportWalletParameters,
): Promise<ExportWalletReturnType> {
  const { wallet } = parameters
  await connectWallet(client, { wallet })
  // Exporting forces MFA (docs/modal.md, docs/api.md): a user with a factor verifies first, every time; the
  // server spends that verification on the export (docs/security.md property 16).
  if (parameters.verifyFirst !== false && client.getState().user?.mfa_methods.length) await promptMfa(client)
  const url = await walletFrameUrl(client, '/export')
  assertSecureWalletContext(url)
  // The HD root the wallet derives from (its own address for an imported key).
  url.searchParams.set('primaryAddress', wallet.entropyId)
  url.searchParams.set('address', wallet.address)
  url.searchParams.set('walletIndex', String(wallet.walletIndex))
  url.searchParams.set('chainType', wallet.chainType)
  const phraseExport = wallet.chainType === 'ethereum' && !wallet.imported
  url.searchParams.set('phrase_export', String(phraseExport))
  if (parameters.width !== undefined) url.searchParams.set('width', String(parameters.width))
  if (parameters.locale) url.searchParams.set('locale', parameters.locale)
  for (const field of exportFrameThemeFields) {
    const value = parameters.theme?.[field]
    if (value !== undefined) url.searchParams.set(field, value)
  }
  parameters.signal?.throwIfAborted()
  const proxy: WalletProxy = createWalletProxy({
    frameUrl: url.href,
    mount: parameters.mount,
    style: 'display:block;width:100%;height:100%;border:0;',
  })
  const stopListening = listenToExportPage(proxy.iframe, url.origin, parameters)
  const close = () => {
    stopListening()
    proxy.destroy()
  }
  parameters.signal?.addEventListener('abort', close, { once: true })
  try {
    await withMfa(client, async () =>
      proxy.request('privy:wallets:export', {
        accessToken: await requireAccessToken(client),
        chainType: wallet.chainType,
        entropyId: wallet.entropyId,
        walletIndex: wallet.walletIndex,
        phraseExport,
      }),
    )
  } catch (error) {
    close()
    throw error
  }
  return { iframe: proxy.iframe, close }
}

/**
 * Hears the export (or import) page's `foyer:export:resize` `{ height }` and `foyer:export:escape` — from
 * that frame's window and origin only — sizes the frame and tells the caller. Returns the function that stops
 * listening.
 *
 * @internal
 */
export function listenToExportPage(
  iframe: HTMLIFrameElement,
  origin: string,
  parameters: Pick<ExportWalletParameters, 'onResize' | 'onEscape'>,
): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow || event.origin !== origin) return
    const data = event.data as { type?: unknown; height?: unknown } | null
    if (
      data?.type === 'foyer:export:resize' &&
      typeof data.height === 'number' &&
      Number.isFinite(data.height)
    ) {
      const height = Math.min(Math.max(Math.round(data.height), 0), 4096)
      iframe.style.height = `${height}px`
      parameters.onResize?.(height)
    } else if (data?.type === 'foyer:export:escape') parameters.onEscape?.()
  }
  window.addEventListener('message', onMessage)
  return () => window.removeEventListener('message', onMessage)
}
