import type { FoyerClient } from '../../client/FoyerClient'
import type { RequestErrorType } from '../../http/request'
import type { MfaError } from '../../mfa/MfaError'
import { connectionKey } from '../../wallet/connectionKey'
import type { EmbeddedWalletInfo } from '../../wallet/EmbeddedWalletInfo'
import type { UserRejectedRequestError } from '../../wallet/errors/UserRejectedRequestError'
import { WalletProxyError } from '../../wallet/errors/WalletProxyError'
import type { WalletProxyErrorType } from '../../wallet/proxy/getWalletProxy'
import { getWalletProxy } from '../../wallet/proxy/getWalletProxy'
import { requireAccessToken } from '../../wallet/requireAccessToken'
import { connectWallet } from './connectWallet'

/** Parameters of {@link walletRpc}. */
export type WalletRpcParameters = {
  wallet: EmbeddedWalletInfo
  request: { method: string; params?: unknown }
  /** Ethereum: the provider's current chain. */
  chainId?: number | undefined
  /** Solana: the cluster's RPC URL (for `signAndSendTransaction`). */
  rpcUrl?: string | undefined
}

/** What {@link walletRpc} throws (an action that calls others includes theirs). */
export type WalletRpcErrorType = RequestErrorType | WalletProxyErrorType | MfaError | UserRejectedRequestError

/**
 * One signing call to the frame (docs/frame-protocol.md event `privy:wallets:rpc`): unlocks the wallet first
 * (see `connectWallet`), passes the configured chains, and when the frame answers 4900 (its memory was wiped,
 * e.g. the frame reloaded) unlocks again and retries once.
 *
 * @returns the frame's `result`
 * @throws {WalletProxyError} the frame's error (`rpcCode` 4200, 4900, 4902, -32603 …)
 * @internal
 */
export async function walletRpc(client: FoyerClient, parameters: WalletRpcParameters): Promise<unknown> {
  const { wallet } = parameters
  const call = async () => {
    await connectWallet(client, { wallet })
    const [proxy, accessToken] = await Promise.all([getWalletProxy(client), requireAccessToken(client)])
    const common = {
      accessToken,
      entropyId: wallet.entropyId,
      walletIndex: wallet.walletIndex,
      address: wallet.address,
      request: { method: parameters.request.method, params: parameters.request.params },
    }
    const reply =
      wallet.chainType === 'ethereum'
        ? await proxy.request('privy:wallets:rpc', {
            ...common,
            chainType: 'ethereum',
            ...(parameters.chainId === undefined ? {} : { chainId: parameters.chainId }),
            chains: client.chains.map((chain) => ({ id: chain.id, rpcUrl: chain.rpcUrl })),
          })
        : await proxy.request('privy:wallets:rpc', {
            ...common,
            chainType: 'solana',
            ...(parameters.rpcUrl === undefined ? {} : { rpcUrl: parameters.rpcUrl }),
          })
    return reply.result
  }
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof WalletProxyError) || error.rpcCode !== 4900) throw error
    client._internal.wallet.connections.delete(connectionKey(wallet.chainType, wallet.entropyId))
    return call()
  }
}
