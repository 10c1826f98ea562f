import type { ChainType } from '@foyer/protocol'

/**
 * The key of one entropy in the frame's maps: `<chainType>:<entropyId>`, Ethereum entropy ids (addresses)
 * lower-cased so that checksummed and plain spellings meet.
 *
 * @example entropyKey('ethereum', '0xF39F…') // 'ethereum:0xf39f…'
 */
export function entropyKey(chainType: ChainType, entropyId: string): string {
  return `${chainType}:${chainType === 'ethereum' ? entropyId.toLowerCase() : entropyId}`
}
