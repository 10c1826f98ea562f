import { type BridgeStandIn, DEMO_USDC, placeTestToken, startBridgeStandIn } from '@foyer/server/testing'
import type { DevChains } from './startDevChains'

/**
 * The demo's and the end-to-end stack's bridge: places the demo's USDC ({@link DEMO_USDC}, a test token with
 * 6 decimals) on both anvils, then starts the Relay-speaking bridge stand-in between anvil (31337, 'Anvil'),
 * the second anvil (31338, 'Anvil 2') and the local Solana JSON-RPC, so that ETH, USDC and SOL can be bridged
 * locally. The token is placed first: the stand-in funds its solver with it.
 *
 * @param chains - started with `secondChain: true`
 * @param port - the stand-in's port; default 0 (any free one)
 * @example const bridge = await startLocalBridge(chains, 8799)
 */
export async function startLocalBridge(
  chains: DevChains & { secondAnvil: NonNullable<DevChains['secondAnvil']> },
  port = 0,
): Promise<BridgeStandIn> {
  for (const anvil of [chains.anvil, chains.secondAnvil]) await placeTestToken(anvil.rpcUrl, DEMO_USDC)
  return startBridgeStandIn({
    chains: [
      { chainId: chains.anvil.chainId, rpcUrl: chains.anvil.rpcUrl, name: 'Anvil', tokens: [DEMO_USDC] },
      {
        chainId: chains.secondAnvil.chainId,
        rpcUrl: chains.secondAnvil.rpcUrl,
        name: 'Anvil 2',
        tokens: [DEMO_USDC],
      },
    ],
    // SOL to ETH and ETH to SOL, at the stand-in's USD prices.
    solana: { rpcUrl: chains.solana.rpcUrl },
    port,
  })
}
