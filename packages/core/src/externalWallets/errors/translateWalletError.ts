import { BaseError } from '../../errors/BaseError'
import { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { WalletConnectionError } from './WalletConnectionError'
import { unsupportedMethodText, walletErrorTexts } from './walletErrorTexts'

/** The EIP-1193 `code` of a thrown value, if any. */
export function walletErrorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
}

/**
 * Translates an error thrown by a browser wallet at the boundary (docs/conventions.md "Translate platform
 * errors at the boundary"; docs/errors.md "External wallets"), keeping the original as `cause`:
 * - EIP-1193 `4001` (also ethers' `ACTION_REJECTED`) → {@link UserRejectedRequestError} (`user_rejected`);
 * - `4900` (disconnected) → 'Wallet is not currently connected.';
 * - `4200` (unsupported method) → 'The wallet does not support {method}.';
 * - a Foyer error passes through;
 * - an `Error` → its message; anything else → 'Unknown error during connection'.
 * All but the first two are {@link WalletConnectionError} (`wallet_connection_error`). Internal.
 *
 * @param method - the JSON-RPC method that failed, for the 4200 text
 */
export function translateWalletError(error: unknown, method?: string): BaseError {
  if (error instanceof BaseError) return error
  const code = walletErrorCode(error)
  if (code === 4001 || code === 'ACTION_REJECTED') return new UserRejectedRequestError({ cause: error })
  if (code === 4900)
    return new WalletConnectionError({ details: walletErrorTexts.notConnected, cause: error })
  if (code === 4200)
    return new WalletConnectionError({ details: unsupportedMethodText(method), cause: error })
  const message = error instanceof Error && error.message !== '' ? error.message : walletErrorTexts.unknown
  return new WalletConnectionError({ details: message, cause: error })
}

/** Runs a wallet call, translating its failure with {@link translateWalletError}. Internal. */
export async function walletCall<T>(run: () => Promise<T>, method?: string): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw translateWalletError(error, method)
  }
}
