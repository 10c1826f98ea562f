import { LAMPORTS_PER_SOL } from '@foyer/protocol'
import { formatUnits } from './formatUnits'

/**
 * Formats lamports as SOL for the Solana screens (docs/limits.md): up to 6 decimals; a non-zero amount under
 * 0.001 SOL shows as `'<0.001'`.
 *
 * @param lamports - amount in lamports (1e9 per SOL)
 * @returns the SOL amount without unit, e.g. `'1.5'`, `'0.001'`, `'<0.001'`, `'0'`
 * @example
 * formatLamports(1_500_000_000n) // '1.5'
 * formatLamports(5000n) // '<0.001'
 */
export function formatLamports(lamports: bigint | number): string {
  const value = BigInt(lamports)
  if (value !== 0n && value > -BigInt(LAMPORTS_PER_SOL / 1000) && value < BigInt(LAMPORTS_PER_SOL / 1000)) {
    return '<0.001'
  }
  return formatUnits(value, 9, 6)
}
