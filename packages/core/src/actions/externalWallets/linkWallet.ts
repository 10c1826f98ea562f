import type { User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { ConnectedExternalWallet, ExternalWallet } from '../../externalWallets/ExternalWallet'
import type { WalletConnectionError } from '../../externalWallets/errors/WalletConnectionError'
import { proveWalletOwnership, type WalletSignInOptions } from '../../externalWallets/proveWalletOwnership'
import type { RequestErrorType } from '../../http/request'
import { request } from '../../http/request'
import { adoptLinkedUser } from '../../session/adoptLinkedUser'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { getAccessToken } from '../session/getAccessToken'

/** Parameters of {@link linkWallet}. */
export type LinkWalletParameters = WalletSignInOptions & {
  /** A wallet from `watchExternalWallets`. */
  wallet: ExternalWallet
}

/** What {@link linkWallet} throws (an action that calls others includes theirs). */
export type LinkWalletErrorType = RequestErrorType | UserRejectedRequestError | WalletConnectionError

/**
 * Links a browser wallet to the signed-in user (docs/limits.md, docs/api.md): the same proof as a sign-in
 * (fresh nonce, signed SIWE/SIWS message), sent to `POST /api/v1/siwe/link` or `/api/v1/siws/link`. The
 * server answers with the user and keeps the session; the session is then refreshed and its user is the
 * result (docs/linked-accounts.md#linking). A guest becomes a full user. One wallet per family. Retried like
 * every call (docs/api.md#retries); one link at a time.
 *
 * @throws {UserRejectedRequestError} `'user_rejected'`. @throws {WalletConnectionError} `'wallet_connection_error'`.
 * @throws {ApiError} `linked_to_another_user` (400; the modal shows 'Wallet was already linked.'), `cannot_link_more_of_type`
 *   (400), `invalid_credentials` (401), `missing_or_invalid_token` (401: not signed in).
 * @example
 * const { user } = await linkWallet(client, { wallet })
 */
export function linkWallet(
  client: FoyerClient,
  parameters: LinkWalletParameters,
): Promise<{ user: User; wallet: ConnectedExternalWallet }> {
  return runExclusive(client, 'link', `wallet:${parameters.wallet.id}`, async () => {
    const proof = await proveWalletOwnership(client, parameters.wallet, parameters)
    // A fresh token: the stored one may have expired while the wallet prompt was open.
    const options = { accessToken: await getAccessToken(client) }
    const response =
      proof.family === 'siwe'
        ? await request(client, 'POST /api/v1/siwe/link', { body: proof.body, ...options })
        : await request(client, 'POST /api/v1/siws/link', { body: proof.body, ...options })
    return { user: await adoptLinkedUser(client, response), wallet: proof.connected }
  })
}
