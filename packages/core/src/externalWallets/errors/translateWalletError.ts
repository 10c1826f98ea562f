import { BaseError } from '../../errors/BaseError'
import { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { WalletConnectionError } from './WalletConnectionError'

/**
 * Translates an error thrown by a browser wallet at the boundary (docs/conventions.md "Translate platform
 * errors at the boundary"): EIP-1193 `4001` (also ethers' `ACTION_REJECTED`, and wallet-standard wallets that
 * reject with `4001`) → {@link UserRejectedRequestError} (`user_rejected`); a Foyer error passes through;
 * anything else → {@link WalletConnectionError} (`wallet_connection_error`). The original is kept as `cause`.
 * Internal.
 */
export function translateWalletError(error: unknown): BaseError {
  if (error instanceof BaseError) return error
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (code === 4001 || code === 'ACTION_REJECTED') return new UserRejectedRequestError({ cause: error })
  const message = error instanceof Error ? error.message : undefined
  return new WalletConnectionError({ details: message, cause: error })
}

/** Runs a wallet call, translating its failure with {@link translateWalletError}. Internal. */
export async function walletCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw translateWalletError(error)
  }
}
