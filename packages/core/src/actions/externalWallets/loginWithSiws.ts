import type { FoyerClient } from '../../client/FoyerClient'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { SolanaExternalWallet } from '../../externalWallets/ExternalWallet'
import type { WalletConnectionError } from '../../externalWallets/errors/WalletConnectionError'
import type { RequestErrorType } from '../../http/request'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import {
  type LoginWithExternalWalletParameters,
  type LoginWithExternalWalletReturnType,
  loginWithExternalWallet,
} from './loginWithExternalWallet'

/** Parameters of {@link loginWithSiws}. */
export type LoginWithSiwsParameters = LoginWithExternalWalletParameters<SolanaExternalWallet>

/** What {@link loginWithSiws} throws (an action that calls others includes theirs). */
export type LoginWithSiwsErrorType =
  | RequestErrorType
  | NoAuthFlowError
  | UserRejectedRequestError
  | WalletConnectionError

/**
 * Signs in with a Solana wallet (Sign In With Solana, mainnet): `standard:connect`, `POST /api/v1/siws/init`,
 * the wallet's `solana:signIn` (or the message text through `solana:signMessage`), then
 * `POST /api/v1/siws/authenticate` `{ message, signature (base64), walletClientType, connectorType, mode? }`.
 * See {@link loginWithExternalWallet} for errors.
 *
 * @example
 * const wallet = watchExternalWallets().getWallets().find((w) => w.chainType === 'solana')
 * if (wallet?.chainType === 'solana') await loginWithSiws(client, { wallet })
 */
export function loginWithSiws(
  client: FoyerClient,
  parameters: LoginWithSiwsParameters,
): Promise<LoginWithExternalWalletReturnType> {
  return loginWithExternalWallet(client, parameters)
}
