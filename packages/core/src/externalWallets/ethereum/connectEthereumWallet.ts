import { getAddress } from 'viem'
import type { FoyerChain } from '../../chains/FoyerChain'
import type { EthereumExternalWallet } from '../ExternalWallet'
import { WalletConnectionError } from '../errors/WalletConnectionError'
import { walletErrorTexts } from '../errors/walletErrorTexts'
import { type QueryTiming, queryAccount, queryChainId } from './queryWallet'
import { switchWalletChain } from './switchWalletChain'

/**
 * Where connecting an external wallet stands (docs/external-wallets.md "Connect state"): `'connecting'`
 * (asking for the account), `'switching_to_supported_chain'` (the wallet is on a chain the app did not
 * configure and is being moved), `'connected'`.
 */
export type WalletConnectState = 'connecting' | 'switching_to_supported_chain' | 'connected'

/** Options of {@link connectEthereumWallet}. */
export type ConnectEthereumWalletOptions = {
  /** The app's chains; a wallet on none of them is moved to the first. Omitted: the wallet stays where it is. */
  chains?: readonly FoyerChain[] | undefined
  /** Called as the connection moves on. */
  onStateChange?: ((state: WalletConnectState) => void) | undefined
  /** @internal */
  timing?: QueryTiming | undefined
}

/**
 * Asks an Ethereum wallet for its account (`eth_requestAccounts`, prompting the user when needed, then
 * `eth_accounts`) and its chain (`eth_chainId`), each tried up to 10 times 500 ms apart; a wallet on a chain
 * outside `chains` is moved to `chains[0]` (`wallet_switchEthereumChain`, adding the chain on 4902).
 * Internal.
 *
 * @returns the account, EIP-55, and the chain id the wallet is on now
 * @throws {UserRejectedRequestError} the user declined the connection or the switch (EIP-1193 4001)
 * @throws {WalletConnectionError} 'Unsupported wallet', 'Unable to retrieve accounts', 'Unable to determine
 *   current chainId.', 'Unsupported chainId', 'Wallet is not currently connected.' or the wallet's message
 */
export async function connectEthereumWallet(
  wallet: EthereumExternalWallet,
  options: ConnectEthereumWalletOptions = {},
): Promise<{ address: `0x${string}`; chainId: number }> {
  if (typeof wallet.provider?.request !== 'function')
    throw new WalletConnectionError({ details: walletErrorTexts.unsupportedWallet })
  options.onStateChange?.('connecting')
  const address = await queryAccount(wallet.provider, options.timing)
  let chainId = await queryChainId(wallet.provider, options.timing)
  const [target] = options.chains ?? []
  if (target && !options.chains?.some((chain) => chain.id === chainId)) {
    options.onStateChange?.('switching_to_supported_chain')
    await switchWalletChain({
      provider: wallet.provider,
      chain: target,
      currentChainId: chainId,
      walletClientType: wallet.walletClientType,
      timing: options.timing,
    })
    chainId = target.id
  }
  options.onStateChange?.('connected')
  return { address: getAddress(address), chainId }
}
