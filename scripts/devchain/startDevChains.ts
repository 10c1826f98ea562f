import { type Anvil, startAnvil } from './startAnvil'
import { type SolanaRpc, startSolanaRpc } from './startSolanaRpc'

/** Parameters of {@link startDevChains}. */
export type StartDevChainsParameters = {
  /** anvil's port; `0` (default) lets the OS choose. */
  anvilPort?: number
  /** The Solana JSON-RPC's port; `0` (default) lets the OS choose. */
  solanaPort?: number
}

/** The local chains of the demo and the end-to-end tests. */
export type DevChains = {
  /** anvil, chain 31337. */
  anvil: Anvil
  /** The Solana JSON-RPC over litesvm. */
  solana: SolanaRpc
  /** Stops both. Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts anvil (chain 31337) and the litesvm Solana JSON-RPC on loopback, at once (DESIGN.md "Local real
 * components"). If one fails to start, the other is stopped before the error is rethrown.
 *
 * @example
 * const chains = await startDevChains({ anvilPort: 8545, solanaPort: 8899 })
 * console.log(chains.anvil.rpcUrl, chains.solana.rpcUrl)
 * await chains.stop()
 */
export async function startDevChains(parameters: StartDevChainsParameters = {}): Promise<DevChains> {
  const [anvil, solana] = await Promise.allSettled([
    startAnvil({ port: parameters.anvilPort ?? 0 }),
    startSolanaRpc({ port: parameters.solanaPort ?? 0 }),
  ])
  if (anvil.status === 'rejected' || solana.status === 'rejected') {
    await Promise.all([
      anvil.status === 'fulfilled' ? anvil.value.stop() : undefined,
      solana.status === 'fulfilled' ? solana.value.stop() : undefined,
    ])
    throw anvil.status === 'rejected' ? anvil.reason : (solana as PromiseRejectedResult).reason
  }
  return {
    anvil: anvil.value,
    solana: solana.value,
    stop: async () => {
      await Promise.all([anvil.value.stop(), solana.value.stop()])
    },
  }
}
