import { delegatedShareAad } from '@foyer/protocol'
import { FrameRequestError } from '../../errors/FrameRequestError'
import { deriveWalletAddress } from '../../keys/deriveWalletAddress'
import { encryptToSigner } from '../../keys/encryptToSigner'
import type { FrameEventHandler } from '../FrameEventHandler'
import { callApi } from '../steps/callApi'
import { shareKey } from '../steps/shareKey'
import { unlockEntropy } from '../steps/unlockEntropy'

/**
 * `privy:delegated-actions:consent` (docs/delegated-actions.md#consent): unlocks the entropy of
 * `rootWallet` (so that this device holds a share that rebuilds it), reads the app's terms and the signer's
 * public key, encrypts that device share to the signer with HPKE bound to the app, the user, the entropy
 * and those terms, and hands the ciphertext over for the `delegatedWallets`
 * (`POST /api/v1/embedded_wallets/delegate`, with the device proof): the server never holds the share in
 * the clear. Every delegated wallet must be of the root wallet's entropy: its chain type, and its address
 * the one its index derives. Errors: `invalid_request_arguments` for a wallet that is not, `error` when the
 * app offers no delegation or has no signer, server failures as `fromApiError` maps them.
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
  const terms = await callApi(() => state.api.getDelegations(accessToken, chainType))
  if (!terms.policy || !terms.signer_public_key)
    throw new FrameRequestError('error', 'This app offers no delegated actions')
  const aad = delegatedShareAad({
    appId: state.appId,
    userId: subject,
    chainType,
    entropyId: entry.entropyId,
    policy: terms.policy,
    dailyLimit: chainType === 'solana' ? terms.daily_lamports_limit : terms.daily_value_limit_wei,
  })
  const encrypted = await encryptToSigner(terms.signer_public_key, share, aad)
  await callApi(() =>
    state.api.delegateWallets(accessToken, {
      chain_type: chainType,
      entropy_id: entry.entropyId,
      wallet_indexes: delegatedWallets.map((wallet) => wallet.walletIndex),
      encrypted_share: encrypted,
    }),
  )
  return { success: true }
}
