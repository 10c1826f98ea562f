import type { ChainType, FrameCreatedWallet, SettableRecoveryMethod } from '@foyer/protocol'
import { toBase64 } from '../../encoding/toBase64'
import { splitEntropy } from '../../shares/splitEntropy'
import type { FrameState } from '../FrameState'
import { callApi } from './callApi'
import { encryptRecoveryFor } from './encryptRecoveryFor'
import { rememberEntropy } from './rememberEntropy'
import { shareKey } from './shareKey'
import { toFrameWallet } from './toFrameWallet'

/** Parameters of {@link storeNewEntropy}: the new entropy, its proven index-0 address and its recovery. */
export type StoreNewEntropyParameters = {
  accessToken: string
  /** The access token's subject: the user the entropy is kept unlocked for. */
  owner: string
  chainType: ChainType
  /** `'create'`: a generated entropy (`POST /api/v1/embedded_wallets`); `'import'`: a user's key (`…/import`). */
  origin: 'create' | 'import'
  /** The 16 generated entropy bytes, or the 32 bytes of an imported key. */
  entropy: Uint8Array
  /** The seed the wallets derive from (an imported key is its own seed). */
  seed: Uint8Array
  /** The index-0 address (the entropy's id) and its key's signature over the address proof. */
  proof: { address: string; signature: string }
  recoveryMethod?: SettableRecoveryMethod | undefined
  recoveryPassword?: string | undefined
  /** Google's Drive token (`google-drive`) or the CloudKit web auth token (`icloud`); never kept. */
  recoveryAccessToken?: string | undefined
}

/**
 * Stores a new entropy with the server (docs/embedded-wallets.md): splits it 2-of-3, encrypts the recovery
 * share for the recovery method (automatic recovery by default, the password when one is given, or a secret
 * in the user's Google Drive or iCloud with `recoveryAccessToken`; docs/recovery-oauth.md), sends the
 * auth share, the recovery material and the address proof; only once the server kept the wallet is the device
 * share stored and the entropy left unlocked (a refused or lost call leaves nothing behind). Nothing secret is
 * in the reply: the frame wallet, and on iCloud the next CloudKit web auth token (the one given is spent).
 *
 * @example const wallet = await storeNewEntropy(state, { accessToken, owner, chainType, origin: 'create', entropy, seed, proof })
 */
export async function storeNewEntropy(
  state: FrameState,
  parameters: StoreNewEntropyParameters,
): Promise<FrameCreatedWallet> {
  const { accessToken, chainType, recoveryPassword, proof } = parameters
  const method = parameters.recoveryMethod ?? (recoveryPassword === undefined ? 'privy' : 'user-passcode')
  const shares = await splitEntropy(parameters.entropy)
  const { recovery, nextWebAuthToken } = await encryptRecoveryFor(
    state,
    accessToken,
    { recoveryShare: shares.recoveryShare, chainType, entropyId: proof.address },
    { recoveryMethod: method, recoveryPassword, recoveryAccessToken: parameters.recoveryAccessToken },
  )
  const body = {
    chain_type: chainType,
    address: proof.address,
    auth_share: toBase64(shares.authShare),
    recovery,
    address_signature: proof.signature,
  }
  const { wallet } = await callApi(() =>
    parameters.origin === 'create'
      ? state.api.createWallet(accessToken, body)
      : state.api.importWallet(accessToken, body),
  )
  await state.deviceShares.set(shareKey(state.appId, chainType, proof.address), shares.deviceShare)
  rememberEntropy(state, {
    owner: parameters.owner,
    chainType,
    entropyId: wallet.entropy_id,
    recoveryMethod: wallet.recovery_method,
    imported: wallet.imported,
    entropy: parameters.entropy,
    seed: parameters.seed,
  })
  const created = toFrameWallet(wallet)
  return nextWebAuthToken === undefined ? created : { ...created, nextRecoveryAccessToken: nextWebAuthToken }
}
