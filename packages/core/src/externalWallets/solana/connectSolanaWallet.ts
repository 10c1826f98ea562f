import type { WalletAccount } from '@wallet-standard/base'
import { StandardConnect, type StandardConnectFeature } from '@wallet-standard/features'
import type { SolanaExternalWallet } from '../ExternalWallet'
import { walletCall } from '../errors/translateWalletError'
import { WalletConnectionError } from '../errors/WalletConnectionError'

/**
 * Connects a wallet-standard Solana wallet (`standard:connect`) and picks its first Solana account. Internal.
 *
 * @throws {UserRejectedRequestError} the user declined (4001)
 * @throws {WalletConnectionError} no connect feature, no Solana account, or another failure
 */
export async function connectSolanaWallet(wallet: SolanaExternalWallet): Promise<WalletAccount> {
  const connect = (wallet.wallet.features as Partial<StandardConnectFeature>)[StandardConnect]
  if (!connect)
    throw new WalletConnectionError({ details: `${wallet.name} cannot connect (no standard:connect).` })
  const { accounts } = await walletCall(() => connect.connect())
  const account =
    accounts.find((candidate) => candidate.chains.some((chain) => chain.startsWith('solana:'))) ?? accounts[0]
  if (!account) throw new WalletConnectionError({ details: 'The wallet returned no Solana account.' })
  return account
}
