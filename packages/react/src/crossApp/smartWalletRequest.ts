import type { FoyerClient } from '@foyer/core'
import type { CrossAppMethod } from '@foyer/protocol'

/** A cross-app request the transact page runs with the provider user's smart wallet. */
export type SmartWalletRequest = {
  /** The user's embedded Ethereum wallet that owns the smart wallet. */
  owner: string
  /** The smart wallet's address the request names. */
  address: string
  method: CrossAppMethod
  /** `personal_sign`: the message (text or `{ raw }`); `eth_signTypedData_v4`: the typed data as JSON. */
  message?: string | { raw: `0x${string}` } | undefined
  typedData?: string | undefined
  /** `eth_sendTransaction`: the call, and its chain when the request names one. */
  call?: { to: `0x${string}`; value?: bigint; data?: `0x${string}` }
  chainId?: number | undefined
}

/**
 * Runs a cross-app request against the provider user's linked smart wallet (docs/cross-app.md#smart-wallets):
 * builds the user's smart wallet client (`@foyer/core/smart-wallets`, loaded on first use) on the request's
 * chain, checks that it is the address the request names, then signs (ERC-1271; ERC-6492 before
 * deployment) or sends the call as one user operation through the user-operation confirmation.
 *
 * @returns The signature, or the hash of the transaction that included the user operation.
 * @throws Error {@link SMART_WALLET_MISMATCH} when the user's smart wallet is another one; Error when a send has
 *   no `to`; `UserRejectedRequestError` when the user cancels; the bundler's error when the operation fails.
 */
export async function runSmartWalletRequest(
  client: FoyerClient,
  request: SmartWalletRequest,
): Promise<string> {
  const { createSmartWalletClient } = await import('@foyer/core/smart-wallets')
  const built = await createSmartWalletClient(client, { wallet: request.owner, chainId: request.chainId })
  if (built.address.toLowerCase() !== request.address.toLowerCase()) throw new Error(SMART_WALLET_MISMATCH)
  const account = built.client.account
  if (request.method === 'personal_sign')
    return built.client.signMessage({ account, message: request.message ?? '' })
  if (request.method === 'eth_signTypedData_v4')
    return built.client.signTypedData({ account, ...JSON.parse(request.typedData ?? '{}') })
  if (!request.call) throw new Error('A smart wallet transaction needs a `to` address.')
  return (await built.sendCalls(request.call)).transactionHash
}

/** Thrown when the request names a smart wallet that is not the signed-in user's. */
export const SMART_WALLET_MISMATCH = 'smart_wallet_mismatch'
