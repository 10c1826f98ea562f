import { getEmbeddedWallets, type SendTransactionUiOptions } from '@foyer/core'
import type { CreateSmartWalletClientReturnType, SmartWalletClient } from '@foyer/core/smart-wallets'
import type { UserOperationResult } from '@foyer/core/wallet'
import { useCallback, useEffect, useState } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { useFoyerState } from './useFoyerState'

/**
 * Loads `@foyer/core/smart-wallets` on first use (its own chunk: `permissionless` and viem's account
 * abstraction stay out of the initial bundle). Internal.
 */
function loadSmartWallets() {
  return import('@foyer/core/smart-wallets')
}

/** What {@link useSmartWallets} returns. */
export type UseSmartWalletsReturnType = {
  /**
   * The user's smart wallet on the embedded wallet's current chain, once built and linked: `signMessage`,
   * `signTypedData` (ERC-1271; ERC-6492 before deployment), `sendTransaction` of one call or of
   * `{ calls: [...] }` (a batch in one user operation). `undefined` while loading, signed out, without an
   * embedded Ethereum wallet, or when smart wallets are off (then `error` says why).
   */
  client: SmartWalletClient | undefined
  /** The smart wallet's address once built (the same before and after its deployment). */
  address: `0x${string}` | undefined
  /**
   * Whether the app's network for the chain has a paymaster (operations are offered to it; the confirmation
   * says 'Sponsored' only for one the paymaster really sponsored).
   */
  sponsored: boolean
  /**
   * Sends one call, or `{ calls: [...] }` (a batch) in one user operation, through the user-operation
   * confirmation (docs/smart-wallets.md#the-confirmation-screen). Resolves with the user-operation hash and
   * the transaction hash once included.
   *
   * @throws Error when the smart wallet is not built yet (`client` undefined). @throws
   *   {UserRejectedRequestError} the user cancelled.
   */
  sendTransaction(
    input:
      | { to: `0x${string}`; value?: bigint; data?: `0x${string}` }
      | { calls: readonly { to: `0x${string}`; value?: bigint; data?: `0x${string}` }[] },
    options?: { uiOptions?: SendTransactionUiOptions },
  ): Promise<UserOperationResult>
  /** Why `client` could not be built (`SmartWalletError`, an `ApiError` of the link, …); `null` otherwise. */
  error: Error | null
  /** The smart wallet's client on another of the client's chains (built, and linked on first use). */
  getClientForChain(options: { id: number }): Promise<SmartWalletClient>
}

/**
 * The signed-in user's ERC-4337 smart wallet, owned by the embedded wallet (docs/smart-wallets.md#the-client):
 * built with `createSmartWalletClient` once the user has an embedded Ethereum wallet and the app has smart
 * wallets on; the first build links the smart wallet to the user (one signature of the owner).
 *
 * @example
 * const { client } = useSmartWallets()
 * await client?.sendTransaction({ calls: [{ to: a, value: 1n }, { to: b, value: 2n }] })
 */
export function useSmartWallets(): UseSmartWalletsReturnType {
  const { client } = useFoyerContext('useSmartWallets')
  const state = useFoyerState(client)
  const [built, setBuilt] = useState<CreateSmartWalletClientReturnType | undefined>()
  const [error, setError] = useState<Error | null>(null)
  const enabled = state.appConfig?.smart_wallet_config.enabled === true
  const owner = getEmbeddedWallets(state.user, 'ethereum')[0]?.address
  const userId = state.user?.id

  useEffect(() => {
    setBuilt(undefined)
    setError(null)
    if (!enabled || !owner || !userId) return
    let current = true
    loadSmartWallets()
      .then(({ createSmartWalletClient }) => createSmartWalletClient(client, { wallet: owner }))
      .then(
        (result) => {
          if (current) setBuilt(result)
        },
        (failure: unknown) => {
          if (current) setError(failure instanceof Error ? failure : new Error(String(failure)))
        },
      )
    return () => {
      current = false
    }
  }, [client, enabled, owner, userId])

  const getClientForChain = useCallback(
    async ({ id }: { id: number }) => {
      const { createSmartWalletClient } = await loadSmartWallets()
      return (await createSmartWalletClient(client, { chainId: id, wallet: owner })).client
    },
    [client, owner],
  )

  const sendTransaction = useCallback<UseSmartWalletsReturnType['sendTransaction']>(
    async (input, options) => {
      if (!built) throw new Error('The smart wallet is not ready yet.')
      return built.sendCalls(input, options)
    },
    [built],
  )

  return {
    client: built?.client,
    address: built?.address,
    sponsored: built?.sponsored ?? false,
    sendTransaction,
    error,
    getClientForChain,
  }
}
