import type { ChainType } from '@foyer/protocol'
import { fromBase64 } from '../../encoding/fromBase64'
import { FrameRequestError } from '../../errors/FrameRequestError'
import { AddressMismatchError, rebuildEntropy } from '../../shares/rebuildEntropy'
import type { FrameState } from '../FrameState'
import type { UnlockedEntropy } from '../UnlockedEntropy'
import { callApi } from './callApi'
import { entropyKey } from './entropyKey'
import { recoverEntropy } from './recoverEntropy'
import { rememberEntropy } from './rememberEntropy'
import { shareKey } from './shareKey'

/** Parameters of {@link unlockEntropy}. */
export type UnlockEntropyParameters = {
  accessToken: string
  /** The verified token subject. */
  owner: string
  chainType: ChainType
  entropyId: string
}

/**
 * The owner's unlocked entropy: from memory, or device share + auth share → entropy. Without a usable
 * device share, a `privy` wallet is recovered automatically; a password wallet is not. Concurrent unlocks
 * of the same entropy by the same owner share one run.
 *
 * Errors: `wallet_not_on_device` (no device share and a user-owned recovery method), server failures as
 * mapped by `fromApiError`.
 *
 * @example const entry = await unlockEntropy(state, { accessToken, owner: subject, chainType, entropyId })
 */
export async function unlockEntropy(
  state: FrameState,
  parameters: UnlockEntropyParameters,
): Promise<UnlockedEntropy> {
  const { owner, chainType, entropyId } = parameters
  const key = entropyKey(chainType, entropyId)
  const existing = state.unlocked.get(key)
  if (existing && existing.owner === owner) return existing
  if (existing) state.unlocked.delete(key)
  const flightKey = `${owner}|${key}`
  const pending = state.inFlight.get(flightKey)
  if (pending) return pending
  const work = unlockFromShares(state, parameters)
  state.inFlight.set(flightKey, work)
  try {
    return await work
  } finally {
    state.inFlight.delete(flightKey)
  }
}

async function unlockFromShares(
  state: FrameState,
  { accessToken, owner, chainType, entropyId }: UnlockEntropyParameters,
): Promise<UnlockedEntropy> {
  const auth = await callApi(() =>
    state.api.getAuthShare(accessToken, { chain_type: chainType, entropy_id: entropyId }),
  )
  const device = await state.deviceShares.get(shareKey(state.appId, chainType, entropyId))
  if (device) {
    try {
      const rebuilt = await rebuildEntropy({
        shares: [device, fromBase64(auth.auth_share)],
        chainType,
        entropyId,
        imported: auth.imported,
      })
      return rememberEntropy(state, {
        owner,
        chainType,
        entropyId,
        recoveryMethod: auth.recovery_method,
        imported: auth.imported,
        entropy: rebuilt.entropy,
        seed: rebuilt.seed,
      })
    } catch (error) {
      if (!(error instanceof AddressMismatchError)) throw error
      // A stale share (the shares were re-split elsewhere): forget it and recover.
      await state.deviceShares.delete(shareKey(state.appId, chainType, entropyId))
    }
  }
  if (auth.recovery_method === 'privy')
    return recoverEntropy(state, {
      accessToken,
      owner,
      chainType,
      entropyId,
      password: undefined,
      knownAuth: auth,
    })
  throw new FrameRequestError('wallet_not_on_device', 'Wallet is not on this device')
}
