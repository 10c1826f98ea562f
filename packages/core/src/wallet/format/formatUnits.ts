/**
 * Formats an integer amount of base units (wei, lamports) as a decimal string with at most `maxDecimals`
 * decimals, truncating (never rounding up) and dropping trailing zeros. A non-zero amount that would show as
 * 0 shows as `'<0.000001'` (with `maxDecimals` decimals).
 *
 * @param value - the amount in base units, e.g. wei
 * @param decimals - decimals of the unit, e.g. 18 for ETH, 9 for SOL
 * @param maxDecimals - decimals shown at most; default 6
 * @returns e.g. `'0.01'`, `'1.5'`, `'<0.000001'`, `'-0.25'`
 * @example
 * formatUnits(10n ** 16n, 18) // '0.01'
 */
export function formatUnits(value: bigint, decimals: number, maxDecimals = 6): string {
  const negative = value < 0n
  const absolute = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const whole = absolute / base
  const fraction = (absolute % base)
    .toString()
    .padStart(decimals, '0')
    .slice(0, maxDecimals)
    .replace(/0+$/, '')
  if (whole === 0n && fraction === '' && absolute !== 0n)
    return `<0.${'0'.repeat(Math.max(0, maxDecimals - 1))}1`
  const text = fraction ? `${whole}.${fraction}` : `${whole}`
  return negative && text !== '0' ? `-${text}` : text
}
