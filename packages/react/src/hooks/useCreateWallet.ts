import { type UseCreateWalletReturnType, useCreateWalletOf } from './useCreateWalletOf'

/**
 * Creates embedded Ethereum wallets on request (docs/modal.md "Wallet creation"; 20 s time-out).
 *
 * @returns `{ createWallet(options?) }`
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { createWallet } = useCreateWallet()
 * const wallet = await createWallet()
 */
export function useCreateWallet(): UseCreateWalletReturnType {
  return useCreateWalletOf('ethereum', 'useCreateWallet')
}
