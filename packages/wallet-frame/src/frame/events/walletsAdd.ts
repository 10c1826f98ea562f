import type { ChainType } from '@foyer/protocol'
import { proveWalletAddress } from '../../keys/proveWalletAddress'
import type { FrameEventHandler } from '../FrameEventHandler'
import type { FrameState } from '../FrameState'
import { assertImportedIndex } from '../steps/assertImportedIndex'
import { callApi } from '../steps/callApi'
import { entropyKey } from '../steps/entropyKey'
import { toFrameWallet } from '../steps/toFrameWallet'
import { unlockEntropy } from '../steps/unlockEntropy'

/**
 * `privy:wallets:add`: the next wallet of an existing entropy (`docs/frame-protocol.md#events`). Without
 * `walletIndex`, the index after the highest the server lists for that entropy; the address goes with its
 * proof (`docs/security.md#wallet-addresses`). An imported key has none (`invalid_request_arguments`).
 */
export const walletsAdd: FrameEventHandler<'privy:wallets:add'> = async (state, data) => {
  const { accessToken, chainType, entropyId } = data
  const { subject } = await state.verifyToken(accessToken)
  const entry = await unlockEntropy(state, { accessToken, owner: subject, chainType, entropyId })
  if (entry.imported) assertImportedIndex(data.walletIndex ?? 1)
  const walletIndex = data.walletIndex ?? (await nextWalletIndex(state, accessToken, chainType, entropyId))
  const { address, signature } = await proveWalletAddress({
    seed: entry.seed,
    appId: state.appId,
    userId: subject,
    chainType,
    walletIndex,
  })
  const { wallet } = await callApi(() =>
    state.api.createAdditionalWallet(accessToken, {
      chain_type: chainType,
      entropy_id: entry.entropyId,
      wallet_index: walletIndex,
      address,
      address_signature: signature,
    }),
  )
  return toFrameWallet(wallet)
}

/** The index after the highest the server lists for this entropy (index 0 is the entropy's first wallet). */
async function nextWalletIndex(
  state: FrameState,
  accessToken: string,
  chainType: ChainType,
  entropyId: string,
): Promise<number> {
  const { wallets } = await callApi(() => state.api.listWallets(accessToken))
  const same = wallets.filter(
    (wallet) =>
      wallet.chain_type === chainType &&
      entropyKey(wallet.chain_type, wallet.entropy_id) === entropyKey(chainType, entropyId),
  )
  return Math.max(0, ...same.map((wallet) => wallet.wallet_index)) + 1
}
