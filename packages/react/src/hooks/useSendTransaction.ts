import type { SendTransactionUiOptions } from '@foyer/core'
import type { EthereumTransactionRequest } from '@foyer/core/wallet'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadWallet } from './loadWallet'

/** Options of `sendTransaction` from {@link useSendTransaction}. */
export type UseSendTransactionOptions = {
  /** Texts of the confirmation and success screens. */
  uiOptions?: SendTransactionUiOptions
  /** The wallet's address; default the first embedded Ethereum wallet. */
  address?: string
  /** A paymaster pays the fee: the confirmation shows 'Sponsored'. */
  sponsored?: boolean
}

/** What {@link useSendTransaction} returns. */
export type UseSendTransactionReturnType = {
  /**
   * Sends one transaction, or several in order (the title shows '(n / m)', the button 'Continue' until the
   * last). Quantities as number, bigint or hex string (docs/limits.md). Resolves once each receipt is in.
   */
  sendTransaction(
    request: EthereumTransactionRequest,
    options?: UseSendTransactionOptions,
  ): Promise<{ hash: `0x${string}` }>
  sendTransactions(
    requests: readonly EthereumTransactionRequest[],
    options?: UseSendTransactionOptions,
  ): Promise<{ hashes: `0x${string}`[] }>
}

/**
 * Sends transactions from the embedded Ethereum wallet through the confirmation screen (docs/modal.md).
 *
 * @returns {@link UseSendTransactionReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { sendTransaction } = useSendTransaction()
 * const { hash } = await sendTransaction({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 16n })
 */
export function useSendTransaction(): UseSendTransactionReturnType {
  const { client } = useFoyerContext('useSendTransaction')
  const sendTransactions = useCallback<UseSendTransactionReturnType['sendTransactions']>(
    async (requests, options = {}) => {
      const wallet = await loadWallet()
      const hashes: `0x${string}`[] = []
      for (const [index, request] of requests.entries()) {
        hashes.push(
          await wallet.sendTransaction(client, {
            request,
            wallet: options.address,
            uiOptions: options.uiOptions,
            sponsored: options.sponsored,
            step: requests.length > 1 ? { index: index + 1, count: requests.length } : undefined,
          }),
        )
      }
      return { hashes }
    },
    [client],
  )
  const sendTransaction = useCallback<UseSendTransactionReturnType['sendTransaction']>(
    async (request, options) => {
      const { hashes } = await sendTransactions([request], options)
      return { hash: hashes[0] as `0x${string}` }
    },
    [sendTransactions],
  )
  return useMemo(() => ({ sendTransaction, sendTransactions }), [sendTransaction, sendTransactions])
}
