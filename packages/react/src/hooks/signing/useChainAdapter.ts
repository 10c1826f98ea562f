import { useCallback } from 'react'
import { useFoyerContext } from '../../FoyerProvider/FoyerContext'
import { loadWallet } from '../loadWallet'
import type { ChainAdapter } from './chainAdapters'

/**
 * The signing call of one job on one chain, bound to the provider's client: loads `@foyer/core/wallet` on
 * first use (the sign-in bundle carries no wallet code), then runs the chain's adapter. Stable while the
 * client is. `adapter` must be a module-level constant (one of `messageAdapters`, `transactionAdapters`).
 *
 * @param hookName - the public hook, named in the error thrown outside `<FoyerProvider>`
 * @throws Error outside `<FoyerProvider>`
 * @example const sign = useChainAdapter('useSignMessage', messageAdapters.ethereum)
 */
export function useChainAdapter<Input, Options, Output>(
  hookName: string,
  adapter: ChainAdapter<Input, Options, Output>,
): (input: Input, options?: Options) => Promise<Output> {
  const { client } = useFoyerContext(hookName)
  return useCallback(
    async (input: Input, options?: Options) =>
      adapter(await loadWallet(), client, input, options ?? ({} as Options)),
    [client, adapter],
  )
}
