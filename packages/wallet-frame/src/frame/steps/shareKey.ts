import type { ChainType } from '@foyer/protocol'
import { entropyKey } from './entropyKey'

/**
 * The name of an entropy's device share in the `DeviceShareStore`: `<appId>:<entropyKey>`.
 *
 * @example shareKey(appId, 'solana', address)
 */
export function shareKey(appId: string, chainType: ChainType, entropyId: string): string {
  return `${appId}:${entropyKey(chainType, entropyId)}`
}
