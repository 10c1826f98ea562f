import type { FoyerChain } from './FoyerChain'

/**
 * The GasPriceOracle predeploy of every OP-stack chain (OP Stack specification, "Predeploys"): its
 * `getL1Fee(bytes)` answers the L1 data fee of a serialized transaction.
 */
export const OP_STACK_GAS_PRICE_ORACLE = '0x420000000000000000000000000000000000000F'

/**
 * Chain ids of well-known OP-stack chains, which charge an L1 data fee on top of L2 gas: OP Mainnet (10),
 * Base (8453), Zora (7777777), Mode (34443), Unichain (130), World Chain (480), Ink (57073) and the
 * testnets OP Sepolia (11155420), Base Sepolia (84532), Unichain Sepolia (1301).
 */
export const OP_STACK_CHAIN_IDS: ReadonlySet<number> = new Set([
  10, 8453, 7777777, 34443, 130, 480, 57073, 11155420, 84532, 1301,
])

/**
 * Whether a transaction's fee on `chain` includes the L1 data fee (docs/confirmation-screen.md "Fees"):
 * the chain's `opStack` when set, else whether its id is a known OP-stack chain.
 */
export function isOpStackChain(chain: FoyerChain): boolean {
  return chain.opStack ?? OP_STACK_CHAIN_IDS.has(chain.id)
}
