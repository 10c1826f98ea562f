import type { FoyerClient } from '../client/FoyerClient'

/** One wallet connection (docs/wire.md). */
export type WalletConnection = {
  address: string
  connectorType: string
  walletClientType: string
  /** When the wallet connected, in ms since the epoch. */
  connectedAt: number
}

/** How many connections are kept. */
const MAX_CONNECTIONS = 20

/** Storage key of the connection history of `appId` (kept per app, like the tokens). @internal */
export function walletConnectionsKey(appId: string): string {
  return `foyer:${appId}:wallet_connections`
}

function isConnection(value: unknown): value is WalletConnection {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return (
    typeof entry.address === 'string' &&
    typeof entry.connectorType === 'string' &&
    typeof entry.walletClientType === 'string' &&
    typeof entry.connectedAt === 'number'
  )
}

/**
 * The wallets that connected in this browser for this app, most recent first (docs/wire.md). Read from the
 * client's storage (`foyer:<appId>:wallet_connections`); unreadable entries are skipped.
 *
 * @example
 * const [last] = await getWalletConnectionHistory(client) // the 'Recent' wallet
 */
export async function getWalletConnectionHistory(client: FoyerClient): Promise<WalletConnection[]> {
  const stored = await client._internal.storage().get(walletConnectionsKey(client.appId))
  if (!stored) return []
  try {
    const parsed: unknown = JSON.parse(stored)
    return Array.isArray(parsed)
      ? parsed.filter(isConnection).sort((a, b) => b.connectedAt - a.connectedAt)
      : []
  } catch {
    return []
  }
}

/**
 * Records a connection at the front of the history; an earlier entry of the same address, connector and
 * wallet client type is replaced. Keeps the 20 most recent. Internal: the connect and sign-in actions call it.
 */
export async function recordWalletConnection(
  client: FoyerClient,
  connection: Omit<WalletConnection, 'connectedAt'> & { connectedAt?: number },
): Promise<WalletConnection[]> {
  const entry: WalletConnection = {
    address: connection.address,
    connectorType: connection.connectorType,
    walletClientType: connection.walletClientType,
    connectedAt: connection.connectedAt ?? Date.now(),
  }
  const same = (other: WalletConnection) =>
    other.address.toLowerCase() === entry.address.toLowerCase() &&
    other.connectorType === entry.connectorType &&
    other.walletClientType === entry.walletClientType
  const history = [
    entry,
    ...(await getWalletConnectionHistory(client)).filter((other) => !same(other)),
  ].slice(0, MAX_CONNECTIONS)
  await client._internal.storage().set(walletConnectionsKey(client.appId), JSON.stringify(history))
  return history
}
