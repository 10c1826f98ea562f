import type { FoyerClient } from '../../client/FoyerClient'
import { recordWalletConnection } from '../../externalWallets/connectionHistory'
import type { ConnectedExternalWallet, ExternalWallet } from '../../externalWallets/ExternalWallet'
import type { WalletConnectionError } from '../../externalWallets/errors/WalletConnectionError'
import {
  connectEthereumWallet,
  type WalletConnectState,
} from '../../externalWallets/ethereum/connectEthereumWallet'
import { connectSolanaWallet } from '../../externalWallets/solana/connectSolanaWallet'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'

/** What {@link connectExternalWallet} throws (an action that calls others includes theirs). */
export type ConnectExternalWalletErrorType = UserRejectedRequestError | WalletConnectionError

/**
 * Connects a browser wallet without signing in (the connect-only flow, docs/modal.md): asks the wallet for
 * its account (and chain, for Ethereum; each tried up to 10 times 500 ms apart), moves an Ethereum wallet on a
 * chain outside `client.chains` to the first of them (docs/external-wallets.md "Chains": state
 * `'switching_to_supported_chain'`, adding the chain on 4902), and records the connection in the history
 * (docs/wire.md).
 *
 * @throws {UserRejectedRequestError} `'user_rejected'`. @throws {WalletConnectionError} `'wallet_connection_error'`.
 * @example
 * const { address } = await connectExternalWallet(client, { wallet })
 */
export async function connectExternalWallet(
  client: FoyerClient,
  parameters: {
    wallet: ExternalWallet
    /** Called as the connection moves on: `'connecting'`, `'switching_to_supported_chain'`, `'connected'`. */
    onStateChange?: ((state: WalletConnectState) => void) | undefined
  },
): Promise<ConnectedExternalWallet> {
  const { wallet } = parameters
  const labels = { walletClientType: wallet.walletClientType, connectorType: wallet.connectorType }
  let connected: ConnectedExternalWallet
  if (wallet.chainType === 'ethereum') {
    const { address, chainId } = await connectEthereumWallet(wallet, {
      chains: client.chains,
      onStateChange: parameters.onStateChange,
    })
    connected = { address, chainType: 'ethereum', chainId: `eip155:${chainId}`, ...labels }
  } else {
    const account = await connectSolanaWallet(wallet)
    connected = { address: account.address, chainType: 'solana', chainId: undefined, ...labels }
  }
  await recordWalletConnection(client, { address: connected.address, ...labels })
  return connected
}
