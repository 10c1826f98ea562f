import type { FrameEntropyState } from '@foyer/protocol'
import type { UnlockedEntropy } from '../UnlockedEntropy'

/**
 * The `{ chainType, entropyId, recoveryMethod }` reply of connect and recover.
 *
 * @example return entropyStateOf(entry)
 */
export function entropyStateOf(entry: UnlockedEntropy): FrameEntropyState {
  return { chainType: entry.chainType, entropyId: entry.entropyId, recoveryMethod: entry.recoveryMethod }
}
