import { type ChainType, type FrameRpcReply, rpcErrorCodes } from '@foyer/protocol'
import { FrameRequestError } from '../../errors/FrameRequestError'
import { handleEthereumRpc } from '../../signing/ethereum/handleEthereumRpc'
import { handleSolanaRpc } from '../../signing/solana/handleSolanaRpc'
import type { FrameEventHandler } from '../FrameEventHandler'
import { entropyKey } from '../steps/entropyKey'
import { ethereumAccountAt } from '../steps/ethereumAccountAt'
import { solanaKeypairAt } from '../steps/solanaKeypairAt'

/**
 * `privy:wallets:rpc`: one wallet RPC call with the key at `walletIndex` (or `hdWalletIndex`) of a connected
 * entropy (`docs/frame-protocol.md#events`). Reply: `{ method, result, address, chainType, response: { method,
 * data } }`, `data` being `result`. Errors: `error` 4900 (not connected, or connected by another user),
 * `invalid_request_arguments` (an `address` that is not the wallet index's), the signers' own errors
 * (EIP-1193 codes, `insufficient_funds`).
 */
export const walletsRpc: FrameEventHandler<'privy:wallets:rpc'> = async (state, data) => {
  const { subject } = await state.verifyToken(data.accessToken)
  const entry = state.unlocked.get(entropyKey(data.chainType, data.entropyId))
  if (!entry || entry.owner !== subject)
    throw new FrameRequestError('error', 'Wallet is not connected', { code: rpcErrorCodes.disconnected })
  const { method, params } = data.request
  if (data.chainType === 'ethereum') {
    const account = ethereumAccountAt(entry, data.walletIndex)
    if (data.address !== undefined && data.address.toLowerCase() !== account.address.toLowerCase())
      throw new FrameRequestError('invalid_request_arguments', 'Address does not match the wallet index')
    const result = await handleEthereumRpc({
      account,
      method,
      params,
      chainId: data.chainId,
      chains: data.chains,
      fetch: state.fetch,
    })
    return rpcReply(method, result, account.address, 'ethereum')
  }
  const keypair = solanaKeypairAt(entry, data.walletIndex)
  if (data.address !== undefined && data.address !== keypair.address)
    throw new FrameRequestError('invalid_request_arguments', 'Address does not match the wallet index')
  const result = await handleSolanaRpc({ keypair, method, params, rpcUrl: data.rpcUrl, fetch: state.fetch })
  return rpcReply(method, result, keypair.address, 'solana')
}

/** The reply in both readings: `{ method, result }` and the reference client's `response: { method, data }`. */
function rpcReply(method: string, result: unknown, address: string, chainType: ChainType): FrameRpcReply {
  return { method, result, address, chainType, response: { method, data: result } }
}
