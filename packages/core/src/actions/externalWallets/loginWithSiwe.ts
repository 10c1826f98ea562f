import type { FoyerClient } from '../../client/FoyerClient'
import type { NoAuthFlowError } from '../../errors/NoAuthFlowError'
import type { EthereumExternalWallet } from '../../externalWallets/ExternalWallet'
import type { WalletConnectionError } from '../../externalWallets/errors/WalletConnectionError'
import type { RequestErrorType } from '../../http/request'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import {
  type LoginWithExternalWalletParameters,
  type LoginWithExternalWalletReturnType,
  loginWithExternalWallet,
} from './loginWithExternalWallet'

/** Parameters of {@link loginWithSiwe}. */
export type LoginWithSiweParameters = LoginWithExternalWalletParameters<EthereumExternalWallet>

/** What {@link loginWithSiwe} throws (an action that calls others includes theirs). */
export type LoginWithSiweErrorType =
  | RequestErrorType
  | NoAuthFlowError
  | UserRejectedRequestError
  | WalletConnectionError

/**
 * Signs in with an Ethereum wallet (Sign-In with Ethereum, ERC-4361): `eth_requestAccounts`, `eth_chainId`,
 * `POST /api/v1/siwe/init`, `personal_sign` of the message (domain `location.host`, uri `location.origin`,
 * Version 1, the server's nonce, the wallet's chain id), then `POST /api/v1/siwe/authenticate`. See
 * {@link loginWithExternalWallet} for errors.
 *
 * @example
 * const wallet = watchExternalWallets().getWallets().find((w) => w.chainType === 'ethereum')
 * if (wallet?.chainType === 'ethereum') await loginWithSiwe(client, { wallet })
 */
export function loginWithSiwe(
  client: FoyerClient,
  parameters: LoginWithSiweParameters,
): Promise<LoginWithExternalWalletReturnType> {
  return loginWithExternalWallet(client, parameters)
}
