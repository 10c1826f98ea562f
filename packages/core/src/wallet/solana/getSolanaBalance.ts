import type { SolanaCluster } from '../../chains/SolanaCluster'

/**
 * The balance of a Solana address, in lamports (JSON-RPC `getBalance` on the cluster's RPC URL).
 *
 * @throws Error when the RPC answers with an error or not at all.
 * @example
 * const lamports = await getSolanaBalance({ cluster, address })
 */
export async function getSolanaBalance(parameters: {
  cluster: SolanaCluster
  address: string
}): Promise<bigint> {
  const response = await fetch(parameters.cluster.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getBalance',
      params: [parameters.address, { commitment: 'confirmed' }],
    }),
  })
  const body = (await response.json()) as { result?: { value?: number }; error?: { message?: string } }
  if (body.error || typeof body.result?.value !== 'number') {
    throw new Error(body.error?.message ?? 'Unable to fetch the Solana balance')
  }
  return BigInt(body.result.value)
}
