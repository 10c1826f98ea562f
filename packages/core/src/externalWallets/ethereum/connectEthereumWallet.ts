import { getAddress } from 'viem'
import type { EthereumExternalWallet } from '../ExternalWallet'
import { walletCall } from '../errors/translateWalletError'
import { WalletConnectionError } from '../errors/WalletConnectionError'

/**
 * Asks an Ethereum wallet for its account (`eth_requestAccounts`, prompting the user when needed) and
 * its chain (`eth_chainId`). Internal.
 *
 * @returns the first account, EIP-55, and the chain id as a number
 * @throws {UserRejectedRequestError} the user declined (EIP-1193 4001)
 * @throws {WalletConnectionError} no account, a malformed answer, or any other wallet failure
 */
export async function connectEthereumWallet(
  wallet: EthereumExternalWallet,
): Promise<{ address: `0x${string}`; chainId: number }> {
  const accounts = await walletCall(() => wallet.provider.request({ method: 'eth_requestAccounts' }))
  const first = Array.isArray(accounts) ? accounts[0] : undefined
  if (typeof first !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(first))
    throw new WalletConnectionError({ details: 'The wallet returned no Ethereum account.' })
  const chain = await walletCall(() => wallet.provider.request({ method: 'eth_chainId' }))
  const chainId =
    typeof chain === 'string' && /^0x[0-9a-fA-F]+$/.test(chain) ? Number.parseInt(chain, 16) : chain
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0)
    throw new WalletConnectionError({ details: 'The wallet returned no valid chain id.' })
  return { address: getAddress(first), chainId }
}
