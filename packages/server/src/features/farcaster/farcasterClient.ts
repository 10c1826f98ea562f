import { type AppClient, type CreateClientArgs, createAppClient } from '@farcaster/auth-client'
import { type Address, createPublicClient, http, type PublicClient } from 'viem'
import type { FarcasterSettings } from './settings'

/** The Id Registry's `idOf(address) → uint256` (0 when the address holds no fid). */
export const idRegistryAbi = [
  {
    type: 'function',
    name: 'idOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: 'fid', type: 'uint256' }],
  },
] as const

/**
 * The Ethereum side of `@farcaster/auth-client` over the configured Optimism RPC and Id Registry: `getFid`
 * reads `idOf(custody)`; auth addresses (the Key Registry) are not accepted, so only the fid's custody
 * address signs in; `publicClient` checks signatures (ERC-191, and ERC-1271 for contract custody, through
 * viem's ERC-6492 validator). No chain is pinned, so any RPC URL (a local chain in tests) works.
 */
function ethereumConnector(settings: FarcasterSettings): CreateClientArgs['ethereum'] {
  const publicClient = createPublicClient({
    transport: http(settings.rpcUrl, { timeout: settings.timeoutMs, retryCount: 0 }),
  }) as PublicClient
  return {
    publicClient,
    getFid: (custody: Address) =>
      publicClient.readContract({
        address: settings.idRegistryAddress,
        abi: idRegistryAbi,
        functionName: 'idOf',
        args: [custody],
      }),
    isValidAuthAddress: async () => false,
  }
}

const clients = new WeakMap<FarcasterSettings, AppClient>()

/**
 * The `@farcaster/auth-client` app client of a server (one per settings object): the relay at
 * `settings.relayUrl` and {@link ethereumConnector}.
 *
 * @example const { channelToken } = await farcasterAppClient(context.farcaster).createChannel({ … })
 */
export function farcasterAppClient(settings: FarcasterSettings): AppClient {
  let client = clients.get(settings)
  if (!client) {
    client = createAppClient({ relay: settings.relayUrl, ethereum: ethereumConnector(settings) })
    clients.set(settings, client)
  }
  return client
}
