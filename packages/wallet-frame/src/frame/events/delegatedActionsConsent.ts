import { toBase64 } from '../../encoding/toBase64'
import { FrameRequestError } from '../../errors/FrameRequestError'
import { deriveWalletAddress } from '../../keys/deriveWalletAddress'
import type { FrameEventHandler } from '../FrameEventHandler'
import { callApi } from '../steps/callApi'
import { shareKey } from '../steps/shareKey'
import { unlockEntropy } from '../steps/unlockEntropy'

/**
 * `privy:delegated-actions:consent` (docs/delegated-actions.md#consent): unlocks the entropy of
 * `rootWallet` (so that this device holds a share that rebuilds it), then hands that device share to the
 * server's signer for the `delegatedWallets` (`POST /api/v1/embedded_wallets/delegate`, with the device
 * proof). Every delegated wallet must be of the root wallet's entropy: its chain type, and its address the
 * one its index derives. Errors: `invalid_request_arguments` for a wallet that is not, server failures as `fromApiError` maps them.
 */
export const delegatedActionsConsent: FrameEventHandler<'privy:delegated-actions:consent'> = async (
  state,
  data,
) => {
  const { accessToken, rootWallet, delegatedWallets } = data
  const chainType = rootWallet.chainType
  if (delegatedWallets.some((wallet) => wallet.chainType !== chainType))
    throw new FrameRequestError(
      'invalid_request_arguments',
      'Delegated wallets must be of the root wallet’s chain type',
    )
  const { subject } = await state.verifyToken(accessToken)
  const entry = await unlockEntropy(state, {
    accessToken,
    owner: subject,
    chainType,
    entropyId: rootWallet.address,
  })
  const same = (a: string, b: string) =>
    chainType === 'ethereum' ? a.toLowerCase() === b.toLowerCase() : a === b
  for (const wallet of delegatedWallets)
    if (!same(deriveWalletAddress(entry.seed, chainType, wallet.walletIndex), wallet.address))
      throw new FrameRequestError(
        'invalid_request_arguments',
        'A delegated wallet is not of this wallet’s entropy',
      )
  const share = await state.deviceShares.get(shareKey(state.appId, chainType, entry.entropyId))
  if (!share) throw new FrameRequestError('error', 'This device holds no share of the wallet')
  await callApi(() =>
    state.api.delegateWallets(accessToken, {
      chain_type: chainType,
      entropy_id: entry.entropyId,
      wallet_indexes: delegatedWallets.map((wallet) => wallet.walletIndex),
      share: toBase64(share),
    }),
  )
  return { success: true }
}
