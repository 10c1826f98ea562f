import type { ChainType, FrameWallet, SupportedRecoveryMethod } from '@foyer/protocol'
import { encryptRecoveryShare } from '../../crypto/encryptRecoveryShare'
import { toBase64 } from '../../encoding/toBase64'
import { generateEntropy } from '../../keys/generateEntropy'
import { mnemonicFromEntropy } from '../../keys/mnemonicFromEntropy'
import { proveWalletAddress } from '../../keys/proveWalletAddress'
import { seedFromMnemonic } from '../../keys/seedFromMnemonic'
import { splitEntropy } from '../../shares/splitEntropy'
import type { FrameState } from '../FrameState'
import { callApi } from './callApi'
import { rememberEntropy } from './rememberEntropy'
import { shareKey } from './shareKey'
import { toFrameWallet } from './toFrameWallet'

/** Parameters of {@link createEntropyWallet}: the create events' data and the chain. */
export type CreateEntropyWalletParameters = {
  accessToken: string
  chainType: ChainType
  recoveryMethod?: SupportedRecoveryMethod | undefined
  recoveryPassword?: string | undefined
}

/**
 * Creates a wallet on a new entropy: fresh entropy, the address at index 0 with its proof
 * (`docs/security.md#wallet-addresses`), a 2-of-3 split whose recovery share is encrypted (automatic
 * recovery, or the password when one is given), then the server call; the device share is kept and the
 * entropy stays unlocked only after the server kept the wallet (a lost race must leave nothing behind).
 *
 * @example const wallet = await createEntropyWallet(state, { accessToken, chainType: 'solana' })
 */
export async function createEntropyWallet(
  state: FrameState,
  parameters: CreateEntropyWalletParameters,
): Promise<FrameWallet> {
  const { accessToken, chainType, recoveryPassword } = parameters
  const { subject } = await state.verifyToken(accessToken)
  const method = parameters.recoveryMethod ?? (recoveryPassword === undefined ? 'privy' : 'user-passcode')
  const entropy = generateEntropy()
  const seed = await seedFromMnemonic(mnemonicFromEntropy(entropy))
  const { address, signature } = await proveWalletAddress({
    seed,
    appId: state.appId,
    userId: subject,
    chainType,
    walletIndex: 0,
  })
  const shares = await splitEntropy(entropy)
  const recovery = await encryptRecoveryShare(
    method === 'privy'
      ? { recoveryShare: shares.recoveryShare, chainType, entropyId: address, recoveryMethod: 'privy' }
      : {
          recoveryShare: shares.recoveryShare,
          chainType,
          entropyId: address,
          recoveryMethod: 'user-passcode',
          password: recoveryPassword ?? '',
        },
  )
  const { wallet } = await callApi(() =>
    state.api.createWallet(accessToken, {
      chain_type: chainType,
      address,
      auth_share: toBase64(shares.authShare),
      recovery,
      address_signature: signature,
    }),
  )
  await state.deviceShares.set(shareKey(state.appId, chainType, address), shares.deviceShare)
  rememberEntropy(state, {
    owner: subject,
    chainType,
    entropyId: wallet.entropy_id,
    recoveryMethod: wallet.recovery_method,
    imported: wallet.imported,
    entropy,
    seed,
  })
  return toFrameWallet(wallet)
}
