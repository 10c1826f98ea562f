import type { SendTransactionUiOptions } from '@foyer/core'
import type { EthereumTransactionRequest } from '@foyer/core/wallet'
import { useCallback, useMemo } from 'react'
import { transactionAdapters } from './signing/chainAdapters'
import { useChainAdapter } from './signing/useChainAdapter'

/** Options of `sendTransaction` from {@link useSendTransaction}. */
export type UseSendTransactionOptions = {
  /** Texts of the confirmation and success screens. */
  uiOptions?: SendTransactionUiOptions
  /** The wallet's address; default the first embedded Ethereum wallet. */
  address?: string
  /**
   * Ask a paymaster to pay the fee. The embedded wallet pays its own gas: `true` is refused with
   * `SponsorshipUnavailableError`, code `'sponsorship_unavailable'` (docs/confirmation-screen.md). Sponsored
   * sends go through the smart wallet (`useSmartWallets().sendTransaction`, docs/smart-wallets.md).
   */
  sponsored?: boolean
  /**
   * Have the app's verifying paymaster pay the gas: the embedded wallet sends as EntryPoint v0.8's
   * `Simple7702Account` through EIP-7702 (docs/gas-sponsorship.md#sending). The screen says 'Sponsored' only
   * when the paymaster signed; its refusal (`policy_violation` past the app's daily limit) rejects with
   * `ApiError` and nothing is sent.
   */
  sponsor?: boolean
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
  const send = useChainAdapter('useSendTransaction', transactionAdapters.ethereum)
  const sendTransactions = useCallback<UseSendTransactionReturnType['sendTransactions']>(
    async (requests, options) => ({ hashes: await send(requests, options) }),
    [send],
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
