import type { AuthMode, User } from '@foyer/protocol'
import type { FoyerClient } from '../../client/FoyerClient'
import { runExclusive } from '../../client/runExclusive'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { ConnectedExternalWallet, ExternalWallet } from '../../externalWallets/ExternalWallet'
import type { WalletConnectionError } from '../../externalWallets/errors/WalletConnectionError'
import { proveWalletOwnership, type WalletSignInOptions } from '../../externalWallets/proveWalletOwnership'
import type { RequestErrorType } from '../../http/request'
import { authenticate, beginAuthFlow } from '../../session/authenticate'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'

/** Parameters of {@link loginWithExternalWallet}. */
export type LoginWithExternalWalletParameters<Wallet extends ExternalWallet = ExternalWallet> =
  WalletSignInOptions & {
    /** A wallet from `watchExternalWallets`. */
    wallet: Wallet
    /**
     * `'no-signup'` refuses to create a new user (docs/modal.md). Default: the server's,
     * `'login-or-sign-up'`.
     */
    mode?: AuthMode | undefined
  }

/** Return type of {@link loginWithExternalWallet}. */
export type LoginWithExternalWalletReturnType = {
  user: User
  isNewUser: boolean
  /** The wallet account that signed in. */
  wallet: ConnectedExternalWallet
}

/** What {@link loginWithExternalWallet} throws (an action that calls others includes theirs). */
export type LoginWithExternalWalletErrorType =
  | RequestErrorType
  | NoAuthFlowError
  | UserRejectedRequestError
  | WalletConnectionError

/**
 * Signs in with a browser wallet (docs/sessions.md, docs/api.md): SIWE for Ethereum wallets, SIWS for Solana
 * wallets — connect, nonce (`/siwe/init` or `/siws/init`), the user's signature, then
 * `POST /api/v1/siwe/authenticate` `{ message, signature, chainId, walletClientType, connectorType, mode? }`
 * or `/siws/authenticate` (no `chainId`). Stores the tokens and records `'wallet'` as the app's recent login
 * method (`getRecentLoginMethod`). Retried like every call (docs/api.md#retries). One
 * authentication at a time per client; a logout meanwhile drops the answer ({@link NoAuthFlowError}).
 *
 * @throws {UserRejectedRequestError} `'user_rejected'`: the user declined in the wallet.
 * @throws {WalletConnectionError} `'wallet_connection_error'`: 'Unable to connect wallet'.
 * @throws {ApiError} e.g. `invalid_credentials` (401: bad signature, nonce or message), `invalid_origin`,
 *   `disallowed_login_method` (403), `user_does_not_exist` (404, `'no-signup'`), `allowlist_rejected`,
 *   `max_accounts_reached` (403).
 * @throws {NoAuthFlowError} `'no_auth_flow'`: logged out meanwhile.
 * @example
 * const [wallet] = watchExternalWallets().getWallets()
 * const { user } = await loginWithExternalWallet(client, { wallet, onSigning: () => showSignStep() })
 */
export function loginWithExternalWallet(
  client: FoyerClient,
  parameters: LoginWithExternalWalletParameters,
): Promise<LoginWithExternalWalletReturnType> {
  return runExclusive(
    client,
    'authenticate',
    JSON.stringify(['wallet', parameters.wallet.id, parameters.mode ?? null]),
    () => run(client, parameters),
  )
}

async function run(
  client: FoyerClient,
  parameters: LoginWithExternalWalletParameters,
): Promise<LoginWithExternalWalletReturnType> {
  const flow = beginAuthFlow(client)
  const proof = await proveWalletOwnership(client, parameters.wallet, parameters)
  const mode = parameters.mode === undefined ? {} : { mode: parameters.mode }
  const { user, isNewUser } = await authenticate(
    client,
    proof.family === 'siwe'
      ? { endpoint: 'POST /api/v1/siwe/authenticate', method: 'wallet', body: { ...proof.body, ...mode } }
      : { endpoint: 'POST /api/v1/siws/authenticate', method: 'wallet', body: { ...proof.body, ...mode } },
    flow,
  )
  return { user, isNewUser, wallet: proof.connected }
}
