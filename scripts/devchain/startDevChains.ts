import { type Anvil, startAnvil } from './startAnvil'
import { type SolanaRpc, startSolanaRpc } from './startSolanaRpc'

/**
 * Chain id of the second local EVM chain (bridging and chain switching; docs/architecture.md "Local real
 * components").
 */
export const SECOND_ANVIL_CHAIN_ID = 31338

/** Parameters of {@link startDevChains}. */
export type StartDevChainsParameters = {
  /** anvil's port; `0` (default) lets the OS choose. */
  anvilPort?: number
  /** The Solana JSON-RPC's port; `0` (default) lets the OS choose. */
  solanaPort?: number
  /**
   * Also start a second anvil, chain {@link SECOND_ANVIL_CHAIN_ID} (31338), for bridging between two local
   * chains. Default false.
   */
  secondChain?: boolean
  /** The second anvil's port; `0` (default) lets the OS choose. */
  secondAnvilPort?: number
}

/** The local chains of the demo and the end-to-end tests. */
export type DevChains = {
  /** anvil, chain 31337. */
  anvil: Anvil
  /** The second anvil, chain 31338, when started (`secondChain: true`). */
  secondAnvil: Anvil | undefined
  /** The Solana JSON-RPC over litesvm. */
  solana: SolanaRpc
  /** Stops all of them (anvil: SIGINT, then SIGKILL). Idempotent. */
  stop(): Promise<void>
}

/**
 * Starts anvil (chain 31337), optionally a second anvil (chain 31338), and the litesvm Solana JSON-RPC on
 * loopback, at once (docs/architecture.md "Local real components"). If one fails to start, the others are
 * stopped before the error is rethrown.
 *
 * @example
 * const chains = await startDevChains({ anvilPort: 8545, solanaPort: 8899, secondChain: true, secondAnvilPort: 8546 })
 * console.log(chains.anvil.rpcUrl, chains.secondAnvil?.rpcUrl, chains.solana.rpcUrl)
 * await chains.stop()
 */
export async function startDevChains(parameters: StartDevChainsParameters = {}): Promise<DevChains> {
  const [anvil, solana, secondAnvil] = await Promise.allSettled([
    startAnvil({ port: parameters.anvilPort ?? 0 }),
    startSolanaRpc({ port: parameters.solanaPort ?? 0 }),
    parameters.secondChain
      ? startAnvil({ port: parameters.secondAnvilPort ?? 0, chainId: SECOND_ANVIL_CHAIN_ID })
      : Promise.resolve(undefined),
  ])
  if (anvil.status === 'rejected' || solana.status === 'rejected' || secondAnvil.status === 'rejected') {
    const started = [anvil, solana, secondAnvil]
    await Promise.all(
      started.map((result) => (result.status === 'fulfilled' ? result.value?.stop() : undefined)),
    )
    throw (started.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason
  }
  return {
    anvil: anvil.value,
    secondAnvil: secondAnvil.value,
    solana: solana.value,
    stop: async () => {
      await Promise.all([anvil.value.stop(), solana.value.stop(), secondAnvil.value?.stop()])
    },
  }
}
