/**
 * Formats a US dollar amount for the funding screens (docs/limits.md): two decimals with a `$`, and a
 * non-zero amount under one cent as `'<$0.01'`.
 *
 * @param usd - dollars, e.g. `12.345`
 * @example formatUsd(12.345) // '$12.35'
 * @example formatUsd(0.004) // '<$0.01'
 */
export function formatUsd(usd: number): string {
  if (usd > 0 && usd < 0.01) return '<$0.01'
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}
