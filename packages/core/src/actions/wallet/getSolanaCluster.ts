import type { SolanaCluster } from '../../chains/SolanaCluster'
import type { FoyerClient } from '../../client/FoyerClient'
import { BaseError } from '../../errors/BaseError'

/** What {@link getSolanaCluster} throws (an action that calls others includes theirs). */
export type GetSolanaClusterErrorType = BaseError

/**
 * A configured Solana cluster by name, or the default (first) one.
 *
 * @throws {BaseError} code `'cluster_not_configured'` for an unknown name.
 * @example
 * getSolanaCluster(client).rpcUrl
 */
export function getSolanaCluster(client: FoyerClient, name?: string | undefined): SolanaCluster {
  const cluster =
    name === undefined
      ? client.solanaClusters[0]
      : client.solanaClusters.find((candidate) => candidate.name === name)
  if (!cluster)
    throw new BaseError(`Solana cluster ${name} is not configured.`, { code: 'cluster_not_configured' })
  return cluster
}
