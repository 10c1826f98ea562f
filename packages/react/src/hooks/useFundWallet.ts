import type { FundWalletParameters, FundWalletResult } from '@foyer/core/funding'
import { useCallback, useMemo } from 'react'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'
import { loadFunding } from './loadFunding'

/** What {@link useFundWallet} returns. */
export type UseFundWalletReturnType = {
  /**
   * Opens 'Add funds to your wallet' for an Ethereum or Solana wallet (docs/modal.md "Funding"): `address`,
   * `chain` (`{ id }`, Ethereum) or `cluster` (`{ name }`, Solana), `amount` (decimal string; default the
   * app's `default_recommended_amount`) and `asset` (`'native'`, `'USDC'` or `{ erc20, symbol, decimals }`).
   * Resolves when funds were bought or sent (`{ status, method }`); rejects with a `UserRejectedRequestError`
   * when the user closes the modal, and with a `FundingError` when funding cannot start ('Wallet funding is
   * not enabled', 'Funding chain {id} is not in FoyerProvider chains list', 'Invalid funding data').
   */
  fundWallet(parameters: FundWalletParameters): Promise<FundWalletResult>
}

/**
 * Funds a wallet through the modal's funding screens (docs/modal.md, docs/limits.md): card, exchange,
 * transfer from another wallet, or receive. A thin hook over core's `resolveFundingRequest` (loaded with the
 * funding chunk).
 *
 * @returns {@link UseFundWalletReturnType}
 * @throws Error outside `<FoyerProvider>`
 * @example
 * const { fundWallet } = useFundWallet()
 * await fundWallet({ address: wallet.address, chain: { id: 8453 }, amount: '0.05' })
 * await fundWallet({ address: solanaWallet.address, cluster: { name: 'mainnet-beta' }, asset: 'USDC' })
 */
export function useFundWallet(): UseFundWalletReturnType {
  const { client, openFlow } = useFoyerContext('useFundWallet')
  const fundWallet = useCallback<UseFundWalletReturnType['fundWallet']>(
    async (parameters) => {
      const { resolveFundingRequest } = await loadFunding()
      const request = resolveFundingRequest(client, parameters)
      return openFlow<FundWalletResult>((settle) => ({ id: 'fundingMethods', params: { request, settle } }))
    },
    [client, openFlow],
  )
  return useMemo(() => ({ fundWallet }), [fundWallet])
}
