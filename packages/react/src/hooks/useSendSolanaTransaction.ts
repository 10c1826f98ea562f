import type { SendTransactionUiOptions } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { transactionAdapters } from './signing/chainAdapters'
import { useChainAdapter } from './signing/useChainAdapter'

/** Options of {@link useSendSolanaTransaction}'s functions. */
export type UseSendSolanaTransactionOptions = {
  uiOptions?: SendTransactionUiOptions
  /** The wallet's address; default the first embedded Solana wallet. */
  address?: string
  /** The cluster's name; default the first configured cluster. */
  cluster?: string
}

/** What {@link useSendSolanaTransaction} returns. */
export type UseSendSolanaTransactionReturnType = {
  /** Signs and sends a wire transaction after the Solana confirm screen; resolves with the base58 signature. */
  sendTransaction(
    transaction: Uint8Array,
    options?: UseSendSolanaTransactionOptions,
  ): Promise<{ signature: string }>
  /** Signs a wire transaction after the confirm screen, without sending it. */
  signTransaction(
    transaction: Uint8Array,
    options?: UseSendSolanaTransactionOptions,
  ): Promise<{ signedTransaction: Uint8Array }>
}

/**
 * Signs and sends Solana transactions with the embedded Solana wallet (docs/modal.md "Send-Solana-transaction
 * confirm").
 *
 * @returns {@link UseSendSolanaTransactionReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { sendTransaction } = useSendSolanaTransaction()
 * const { signature } = await sendTransaction(wireTransactionBytes)
 */
export function useSendSolanaTransaction(): UseSendSolanaTransactionReturnType {
  const send = useChainAdapter('useSendSolanaTransaction', transactionAdapters.solana)
  const sign = useChainAdapter('useSendSolanaTransaction', transactionAdapters.solanaSignOnly)
  const sendTransaction = useCallback<UseSendSolanaTransactionReturnType['sendTransaction']>(
    async (transaction, options) => ({ signature: await send(transaction, options) }),
    [send],
  )
  const signTransaction = useCallback<UseSendSolanaTransactionReturnType['signTransaction']>(
    async (transaction, options) => ({ signedTransaction: await sign(transaction, options) }),
    [sign],
  )
  return useMemo(() => ({ sendTransaction, signTransaction }), [sendTransaction, signTransaction])
}
