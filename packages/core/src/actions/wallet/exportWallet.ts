import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { promptMfa, withMfa } from '../../mfa/withMfa'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { type KeyPageFrameParameters, mountKeyPage } from '../../wallet/proxy/mountKeyPage'
import { requireAccessToken } from '../../wallet/requireAccessToken'
import { connectWallet } from './connectWallet'

/** Parameters of {@link exportWallet}. */
export type ExportWalletParameters = KeyPageFrameParameters & {
  wallet: EmbeddedWalletInfo
  /** Frame width in px, passed to the page (docs/modal.md `width`). */
  width?: number | undefined
  /**
   * The language of the page's texts, passed as the `locale` query field: `'en'`, `'de'`, `'es'`, `'fr'`,
   * `'ja'`, `'pt'` or `'zh-CN'` (a longer tag such as `'pt-BR'` shows its language); anything else shows
   * English. The modal passes its own language.
   */
  locale?: string | undefined
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
  const phraseExport = wallet.chainType === 'ethereum' && !wallet.imported
  const { proxy, close } = await mountKeyPage(client, {
    ...parameters,
    page: '/export',
    query: {
      // The HD root the wallet derives from (its own address for an imported key).
      primaryAddress: wallet.entropyId,
      address: wallet.address,
      walletIndex: String(wallet.walletIndex),
      chainType: wallet.chainType,
      phrase_export: String(phraseExport),
      width: parameters.width === undefined ? undefined : String(parameters.width),
      locale: parameters.locale || undefined,
    },
  })
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
