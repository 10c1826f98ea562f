import type { FoyerClient } from '@foyer/core'
import { useFoyerContext } from '../FoyerProvider/FoyerContext'

/**
 * The nearest `FoyerProvider`'s core client (`FoyerClient`: its state, `subscribe`, and the `@foyer/core`
 * actions that take it), for integrations that act on it directly, such as `@foyer/wagmi`. The same object
 * for the provider's whole life.
 *
 * @throws Error 'useFoyerClient must be used within <FoyerProvider>.' outside a provider
 *
 * @example
 * const client = useFoyerClient()
 * const provider = createEthereumProvider(client) // from '@foyer/core/wallet'
 */
export function useFoyerClient(): FoyerClient {
  return useFoyerContext('useFoyerClient').client
}
