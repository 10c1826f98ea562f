import type { ChainType } from '@foyer/protocol'

/** Key of an unlocked entropy in `client._internal.wallet.connections` (Ethereum addresses ignore case). @internal */
export function connectionKey(chainType: ChainType, entropyId: string): string {
  return `${chainType}:${chainType === 'ethereum' ? entropyId.toLowerCase() : entropyId}`
}
