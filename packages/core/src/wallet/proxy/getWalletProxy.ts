import type { FoyerClient } from '../../client/FoyerClient'
import { EmbeddedWalletError } from '../errors/EmbeddedWalletError'
import { WalletProxyError } from '../errors/WalletProxyError'
import { assertSecureWalletContext } from './assertSecureWalletContext'
import { createWalletProxy, type WalletProxy } from './createWalletProxy'

/**
 * The frame URL of a client: `${apiUrl}/apps/${appId}/embedded-wallets?caid=<analytics id>&client_id=<client id>`
 * (docs/modal.md; docs/api.md).
 *
 * @internal
 */
export async function walletFrameUrl(client: FoyerClient, path = ''): Promise<URL> {
  const { analyticsId, clientId } = await client._internal.ids()
  const url = new URL(`${client.apiUrl}/apps/${encodeURIComponent(client.appId)}/embedded-wallets${path}`)
  url.searchParams.set('caid', analyticsId)
  url.searchParams.set('client_id', clientId)
  return url
}

/**
 * What a wallet frame call can throw: no document to mount the frame in ({@link EmbeddedWalletError}
 * `'wallet_proxy_missing'`), or the frame's refusal or time-out ({@link WalletProxyError}, `code` = the
 * frame's error type).
 */
export type WalletProxyErrorType = EmbeddedWalletError | WalletProxyError

/**
 * The client's wallet proxy, creating and mounting the hidden frame at first use (one per client; a logout
 * destroys it). Uses `embeddedWallets.mountFrame` and `embeddedWallets.requestTimeoutMs` when set.
 *
 * @throws {EmbeddedWalletError} `'wallet_proxy_missing'` ('walletProxy does not exist.') without a document;
 *   `'https_required'` ('Embedded wallet is only available over HTTPS') for a page or server on plain http
 *   that is not `localhost` or an IP address.
 * @internal
 */
export async function getWalletProxy(client: FoyerClient): Promise<WalletProxy> {
  const slot = client._internal.wallet
  if (slot.proxy) return slot.proxy
  const url = await walletFrameUrl(client)
  assertSecureWalletContext(url)
  if (slot.proxy) return slot.proxy // another caller mounted it meanwhile
  try {
    slot.proxy = createWalletProxy({
      frameUrl: url.href,
      mount: client.embeddedWallets.mountFrame,
      timeoutMs: client.embeddedWallets.requestTimeoutMs,
    })
  } catch (cause) {
    if (cause instanceof WalletProxyError) throw new EmbeddedWalletError('wallet_proxy_missing', { cause })
    throw cause
  }
  return slot.proxy
}
