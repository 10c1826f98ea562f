import type { WalletAccount } from '@wallet-standard/base'
import { StandardConnect, type StandardConnectFeature } from '@wallet-standard/features'
import type { SolanaExternalWallet } from '../ExternalWallet'
import { walletCall } from '../errors/translateWalletError'
import { WalletConnectionError } from '../errors/WalletConnectionError'
import { walletErrorTexts } from '../errors/walletErrorTexts'

/**
 * Connects a wallet-standard Solana wallet (`standard:connect`) and picks its first Solana account. Internal.
 *
 * @throws {UserRejectedRequestError} the user declined (4001)
 * @throws {WalletConnectionError} 'Unsupported wallet' (no `standard:connect`), 'Unable to retrieve
 *   accounts' (none), 'Unable to retrieve address' (an account without one), or the wallet's message
 */
export async function connectSolanaWallet(wallet: SolanaExternalWallet): Promise<WalletAccount> {
  const connect = (wallet.wallet.features as Partial<StandardConnectFeature>)[StandardConnect]
  if (!connect) throw new WalletConnectionError({ details: walletErrorTexts.unsupportedWallet })
  const { accounts } = await walletCall(() => connect.connect(), StandardConnect)
  const account =
    accounts.find((candidate) => candidate.chains.some((chain) => chain.startsWith('solana:'))) ?? accounts[0]
  if (!account) throw new WalletConnectionError({ details: walletErrorTexts.noAccounts })
  if (typeof account.address !== 'string' || account.address === '')
    throw new WalletConnectionError({ details: walletErrorTexts.noAddress })
  return account
}
