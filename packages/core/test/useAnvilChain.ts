import { afterAll, beforeAll } from 'vitest'
import { type Anvil, startAnvil } from '../../../scripts/devchain/startAnvil'
import type { FoyerChain } from '../src/chains/FoyerChain'

/** The anvil a test file runs against, and the Foyer chain on it. */
export type AnvilChain = { anvil: Anvil; chain: FoyerChain }

/**
 * Starts anvil before the file's tests (within 30 s) and stops it after them. The object returned has its
 * `anvil` and `chain` (anvil's chain id, name 'Anvil', ETH with 18 decimals) from the file's first
 * `beforeAll` on; a later `beforeAll` of the file may use them.
 *
 * @example const local = useAnvilChain(); test('…', () => estimateTransaction({ chain: local.chain, … }))
 */
export function useAnvilChain(): AnvilChain {
  const local = {} as AnvilChain
  beforeAll(async () => {
    local.anvil = await startAnvil()
    local.chain = {
      id: local.anvil.chainId,
      name: 'Anvil',
      rpcUrl: local.anvil.rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }
  }, 30_000)
  afterAll(async () => {
    await local.anvil?.stop()
  })
  return local
}
