import { type UseCreateWalletReturnType, useCreateWalletOf } from './useCreateWalletOf'

/**
 * Creates embedded Solana wallets on request (the Solana twin of `useCreateWallet`).
 *
 * @returns `{ createWallet(options?) }`
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { createWallet } = useCreateSolanaWallet()
 * const wallet = await createWallet()
 */
export function useCreateSolanaWallet(): UseCreateWalletReturnType {
  return useCreateWalletOf('solana', 'useCreateSolanaWallet')
}
