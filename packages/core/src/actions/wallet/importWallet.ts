import type { ChainType } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { ApiError } from '../../errors/ApiError'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { withMfa } from '../../mfa/withMfa'
import { fetchUser } from '../../session/fetchUser'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import { EmbeddedWalletError } from '../../wallet/errors/EmbeddedWalletError'
import { WalletProxyError } from '../../wallet/errors/WalletProxyError'
import { getEmbeddedWallets } from '../../wallet/getEmbeddedWallets'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { type KeyPage, type KeyPageFrameParameters, mountKeyPage } from '../../wallet/proxy/mountKeyPage'
import { requireAccessToken } from '../../wallet/requireAccessToken'

/** How long the import page waits for the user to type or paste the key, in ms (10 minutes). */
export const WALLET_IMPORT_TIMEOUT_MS = 600_000

/** Parameters of {@link importWallet}. */
export type ImportWalletParameters = KeyPageFrameParameters & {
  /** The key's chain: an Ethereum private key or a Solana secret key. */
  chainType: ChainType
  /** Protects the imported key's recovery share with this password; absent: automatic recovery. */
  recoveryPassword?: string | undefined
  /** Time the user has to submit the key, in ms; default {@link WALLET_IMPORT_TIMEOUT_MS}. */
  timeoutMs?: number | undefined
}

/** Return type of {@link importWallet}: the imported wallet (`imported: true`, `'embedded_imported'`). */
export type ImportWalletReturnType = EmbeddedWalletInfo

/** What {@link importWallet} throws. */
export type ImportWalletErrorType = RequestErrorType | WalletProxyErrorType | MfaError

/**
 * Imports an existing private key as an embedded wallet (docs/embedded-wallets.md#imported-keys): mounts the
 * import page (`/apps/{appId}/embedded-wallets/import`) where the user types or pastes the key — the key
 * stays inside that frame, this page never sees it — sends `privy:wallets:import` with the access token,
 * then refreshes the user so `state.user` lists the wallet. A user with a second factor verifies when the
 * server asks (`withMfa`). The frame is removed when the call settles.
 *
 * @returns the imported wallet (`walletIndex` 0, `imported: true`, `connectorType: 'embedded_imported'`)
 * @throws {EmbeddedWalletError} `'wallet_import_canceled'` (aborted), `'https_required'`,
 *   `'wallet_missing_after_create'`.
 * @throws {WalletProxyError} the frame's error, e.g. 'This address is already an embedded wallet'.
 * @example
 * const wallet = await importWallet(client, { chainType: 'ethereum', mount: (iframe) => box.append(iframe) })
 */
export async function importWallet(
  client: FoyerClient,
  parameters: ImportWalletParameters,
): Promise<ImportWalletReturnType> {
  const { chainType, signal } = parameters
  let page: KeyPage | undefined
  let address: string
  try {
    page = await mountKeyPage(client, { ...parameters, page: '/import', query: { chainType } })
    const { proxy } = page
    const created = await withMfa(client, async () =>
      proxy.request(
        'privy:wallets:import',
        {
          accessToken: await requireAccessToken(client),
          chainType,
          ...(parameters.recoveryPassword === undefined
            ? {}
            : { recoveryMethod: 'user-passcode' as const, recoveryPassword: parameters.recoveryPassword }),
        },
        { timeoutMs: parameters.timeoutMs ?? WALLET_IMPORT_TIMEOUT_MS },
      ),
    )
    address = created.address
  } catch (error) {
    if (signal?.aborted || (error instanceof WalletProxyError && error.code === 'wallet_proxy_destroyed'))
      throw new EmbeddedWalletError('wallet_import_canceled', { cause: error })
    throw error
  } finally {
    page?.close()
  }
  let user: Awaited<ReturnType<typeof fetchUser>>
  try {
    user = await fetchUser(client, await requireAccessToken(client))
  } catch (cause) {
    if (cause instanceof ApiError && cause.code === 'missing_or_invalid_token')
      throw new EmbeddedWalletError('not_authenticated', { cause })
    throw new EmbeddedWalletError('user_refresh_failed', { cause })
  }
  client._internal.setState({ user })
  const wallet = getEmbeddedWallets(user, chainType).find(
    (candidate) => candidate.imported && candidate.address.toLowerCase() === address.toLowerCase(),
  )
  if (!wallet) throw new EmbeddedWalletError('wallet_missing_after_create')
  return wallet
}
