import { numberToHex } from 'viem'
import type { FoyerChain } from '../../chains/FoyerChain'
import type { ExternalEip1193Provider } from '../ExternalWallet'
import { translateWalletError, walletErrorCode } from '../errors/translateWalletError'
import { WalletConnectionError } from '../errors/WalletConnectionError'
import { walletErrorTexts } from '../errors/walletErrorTexts'
import { type QueryTiming, queryChainId } from './queryWallet'

/**
 * Whether a failed `wallet_switchEthereumChain` means the wallet does not know the chain: EIP-1193 `4902`,
 * or Coinbase Wallet's variant, an error (or, from its SDK, a plain `{ code, message }` object) whose message
 * asks for `wallet_addEthereumChain` (docs/external-wallets.md "Chains").
 */
export function isUnknownChainError(error: unknown): boolean {
  if (walletErrorCode(error) === 4902) return true
  // Coinbase Wallet's SDK rejects with a plain `{ code, message }` object, not an Error.
  const message =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && error !== null && 'message' in error
        ? String(error.message)
        : ''
  return /addEthereumChain/i.test(message)
}

/** Parameters of {@link switchWalletChain}. */
export type SwitchWalletChainParameters = {
  provider: ExternalEip1193Provider
  /** The chain to move the wallet to. */
  chain: FoyerChain
  /** The wallet's chain when known (skips asking); otherwise `eth_chainId` is asked. */
  currentChainId?: number | undefined
  /** The wallet client type: Rainbow has its own text for a chain it cannot use. */
  walletClientType?: string | undefined
  /** @internal */
  timing?: QueryTiming | undefined
}

/**
 * Moves an external Ethereum wallet to `chain` (docs/external-wallets.md "Chains"): nothing when it is there
 * already; otherwise `wallet_switchEthereumChain`, and when the wallet does not know the chain (4902, or
 * Coinbase's `addEthereumChain` message) `wallet_addEthereumChain` with the chain's name, native currency, RPC
 * URL and explorer, then the switch again. Checks the wallet's chain afterwards.
 *
 * @returns whether a switch was asked for
 * @throws {UserRejectedRequestError} `user_rejected`: the user declined the switch or the new chain (4001)
 * @throws {WalletConnectionError} 'Unsupported chainId' (Rainbow: 'Rainbow does not support the requested
 *   chain') when the wallet refuses or stays on another chain; 'Wallet is not currently connected.' (4900)
 * @example
 * await switchWalletChain({ provider: wallet.provider, chain: client.chains[0] })
 */
export async function switchWalletChain(parameters: SwitchWalletChainParameters): Promise<boolean> {
  const { provider, chain } = parameters
  const current = parameters.currentChainId ?? (await queryChainId(provider, parameters.timing))
  if (current === chain.id) return false
  const unsupported = () =>
    parameters.walletClientType === 'rainbow'
      ? walletErrorTexts.rainbowUnsupportedChain
      : walletErrorTexts.unsupportedChain
  const chainIdHex = numberToHex(chain.id)
  const switchChain = () =>
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainIdHex }] })
  const fail = (error: unknown): never => {
    const translated = translateWalletError(error, 'wallet_switchEthereumChain')
    if (translated instanceof WalletConnectionError && translated.details !== walletErrorTexts.notConnected)
      throw new WalletConnectionError({ details: unsupported(), cause: error })
    throw translated
  }
  try {
    await switchChain()
  } catch (error) {
    if (!isUnknownChainError(error)) fail(error)
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: chainIdHex,
            chainName: chain.name,
            nativeCurrency: chain.nativeCurrency,
            rpcUrls: [chain.rpcUrl],
            ...(chain.blockExplorer ? { blockExplorerUrls: [chain.blockExplorer.url] } : {}),
          },
        ],
      })
      await switchChain()
    } catch (added) {
      fail(added)
    }
  }
  const switched = await queryChainId(provider, parameters.timing)
  if (switched !== chain.id) throw new WalletConnectionError({ details: unsupported() })
  return true
}
