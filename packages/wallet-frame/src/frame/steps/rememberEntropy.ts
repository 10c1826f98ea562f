import type { FrameState } from '../FrameState'
import type { UnlockedEntropy } from '../UnlockedEntropy'
import { entropyKey } from './entropyKey'

/** Parameters of {@link rememberEntropy}: a rebuilt entropy and what the server says about it. */
export type RememberEntropyParameters = Pick<
  UnlockedEntropy,
  'owner' | 'chainType' | 'entropyId' | 'recoveryMethod' | 'imported' | 'entropy' | 'seed'
>

/**
 * Keeps a rebuilt entropy unlocked for `owner` (memory only; replaces any entry for the same entropy).
 *
 * @example const entry = rememberEntropy(state, { owner: subject, chainType, entropyId, recoveryMethod, imported, entropy, seed })
 */
export function rememberEntropy(state: FrameState, parameters: RememberEntropyParameters): UnlockedEntropy {
  const entry: UnlockedEntropy = { ...parameters, ethereum: new Map(), solana: new Map() }
  state.unlocked.set(entropyKey(parameters.chainType, parameters.entropyId), entry)
  return entry
}
