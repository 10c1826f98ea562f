import type { SendTransactionUiOptions } from '@foyer/core'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadWallet } from './loadWallet'

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
  const { client } = useFoyerContext('useSendSolanaTransaction')
  const sendTransaction = useCallback<UseSendSolanaTransactionReturnType['sendTransaction']>(
    async (transaction, options = {}) => {
      const wallet = await loadWallet()
      const signature = await wallet.sendSolanaTransaction(client, {
        transaction,
        wallet: options.address,
        cluster: options.cluster,
        uiOptions: options.uiOptions,
      })
      return { signature }
    },
    [client],
  )
  const signTransaction = useCallback<UseSendSolanaTransactionReturnType['signTransaction']>(
    async (transaction, options = {}) => {
      const wallet = await loadWallet()
      const signedTransaction = await wallet.signSolanaTransaction(client, {
        transaction,
        wallet: options.address,
        cluster: options.cluster,
        uiOptions: options.uiOptions,
      })
      return { signedTransaction }
    },
    [client],
  )
  return useMemo(() => ({ sendTransaction, signTransaction }), [sendTransaction, signTransaction])
}
