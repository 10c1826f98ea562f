import type { FundingRequest } from '../FundingRequest'
import { BridgeError } from './BridgeError'

/** Solana's chain id at the bridge API (spec 02 §9). */
export const RELAY_SOLANA_CHAIN_ID = 792703809

/**
 * Refuses a bridge the flow cannot make (spec 02 §5 "Bridging on Solana testnet or devnet unsupported"):
 * to or from Solana testnet or devnet ('Bridging is not supported on Solana devnet'), and to any other Solana
 * wallet, which this flow does not bridge to (EVM to EVM, and Solana to EVM with `direction: 'from'`).
 *
 * @throws {BridgeError} `bridging_unsupported`
 * @example assertBridgingSupported(request) // throws for { chainType: 'solana', cluster: { name: 'devnet' } }
 */
export function assertBridgingSupported(
  request: Pick<FundingRequest, 'chainType' | 'cluster' | 'chain'>,
  /** Whether `request` names the wallet to fund (`'to'`, default) or where the bridge starts (`'from'`). */
  direction: 'to' | 'from' = 'to',
): void {
  if (request.chainType === 'solana') {
    const name = request.cluster?.name ?? 'mainnet-beta'
    if (name === 'testnet' || name === 'devnet')
      throw new BridgeError(`Bridging is not supported on Solana ${name}`, { code: 'bridging_unsupported' })
    if (direction === 'from') return
    throw new BridgeError('Bridging to a Solana wallet is not supported.', { code: 'bridging_unsupported' })
  }
  if (!request.chain)
    throw new BridgeError('Bridging needs the wallet’s chain.', { code: 'bridging_unsupported' })
}
