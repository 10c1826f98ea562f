import { randomUUID } from 'node:crypto'
import { headers, type WalletRpcRequest, type WalletRpcResponse } from '@foyer/protocol'
import { signAuthorizationRequest } from '../authorization/authorizationKeys'

/** Options of {@link createWalletApiClient}. */
export type WalletApiClientOptions = {
  /** The Foyer server's public URL (`createApp({ publicUrl })`), without a trailing slash. */
  apiUrl: string
  appId: string
  /** The app's authorization private key, `wallet-auth:…` (`generateAuthorizationKeyPair`). */
  authorizationKey: string
  /** Default: the global `fetch`. */
  fetch?: typeof fetch
}

/** A refusal of the wallet API: its HTTP `status`, the server's error `code` and message. */
export class WalletApiError extends Error {
  override name = 'WalletApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** What {@link createWalletApiClient} returns. */
export type WalletApiClient = {
  /**
   * `POST /api/v1/wallets/{walletId}/rpc` for a wallet the user delegated to the app
   * (docs/delegated-actions.md#wallet-api; Ethereum and Solana methods), signed with the authorization
   * key. `idempotencyKey` (default: a new UUID) makes a retry of the same request act once: pass the same
   * key to retry. Throws
   * {@link WalletApiError} on a refusal (`policy_violation`, `user_has_not_delegated_wallet`, …).
   */
  rpc(
    walletId: string,
    body: WalletRpcRequest,
    options?: { idempotencyKey?: string },
  ): Promise<WalletRpcResponse>
}

/**
 * A client for the wallet API of delegated actions (docs/delegated-actions.md): the app's back end signs
 * messages, typed data and transactions with the wallets its users delegated to it.
 *
 * @example
 * const wallets = createWalletApiClient({ apiUrl: 'https://auth.example.com', appId, authorizationKey })
 * const { data } = await wallets.rpc(walletId, { method: 'eth_sendTransaction', caip2: 'eip155:8453',
 *   params: { transaction: { to, value: '0x2386f26fc10000' } } })
 */
export function createWalletApiClient(options: WalletApiClientOptions): WalletApiClient {
  const fetchFunction = options.fetch ?? fetch
  return {
    async rpc(walletId, body, rpcOptions = {}) {
      const idempotencyKey = rpcOptions.idempotencyKey ?? randomUUID()
      const url = `${options.apiUrl}/api/v1/wallets/${encodeURIComponent(walletId)}/rpc`
      const signature = signAuthorizationRequest(options.authorizationKey, {
        method: 'POST',
        url,
        body,
        appId: options.appId,
        idempotencyKey,
      })
      const response = await fetchFunction(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [headers.appId]: options.appId,
          [headers.authorizationSignature]: signature,
          [headers.walletIdempotencyKey]: idempotencyKey,
        },
        body: JSON.stringify(body),
      })
      const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>
      if (!response.ok)
        throw new WalletApiError(
          response.status,
          typeof answer.code === 'string' ? answer.code : 'unknown_error',
          typeof answer.error === 'string' ? answer.error : `The wallet API answered ${response.status}`,
        )
      return answer as WalletRpcResponse
    },
  }
}
