import type { ChainType, FrameCreatedWallet, SettableRecoveryMethod } from '@foyer/protocol'
import { generateEntropy } from '../../keys/generateEntropy'
import { mnemonicFromEntropy } from '../../keys/mnemonicFromEntropy'
import { proveWalletAddress } from '../../keys/proveWalletAddress'
import { seedFromMnemonic } from '../../keys/seedFromMnemonic'
import type { FrameState } from '../FrameState'
import { storeNewEntropy } from './storeNewEntropy'

/** Parameters of {@link createEntropyWallet}: the create events' data and the chain. */
export type CreateEntropyWalletParameters = {
  accessToken: string
  chainType: ChainType
  recoveryMethod?: SettableRecoveryMethod | undefined
  recoveryPassword?: string | undefined
  recoveryAccessToken?: string | undefined
}

/**
 * Creates a wallet on a new entropy: fresh entropy, the address at index 0 with its proof
 * (`docs/security.md#wallet-addresses`), then {@link storeNewEntropy} (the 2-of-3 split, the encrypted
 * recovery share, the server call; the entropy stays unlocked only after the server kept the wallet).
 *
 * @example const wallet = await createEntropyWallet(state, { accessToken, chainType: 'solana' })
 */
export async function createEntropyWallet(
  state: FrameState,
  parameters: CreateEntropyWalletParameters,
): Promise<FrameCreatedWallet> {
  const { subject } = await state.verifyToken(parameters.accessToken)
  const entropy = generateEntropy()
  const seed = await seedFromMnemonic(mnemonicFromEntropy(entropy))
  const proof = await proveWalletAddress({
    seed,
    appId: state.appId,
    userId: subject,
    chainType: parameters.chainType,
    walletIndex: 0,
  })
  return storeNewEntropy(state, { ...parameters, owner: subject, origin: 'create', entropy, seed, proof })
}
