/**
 * A decimal amount string as base units (`'0.01'` ether → 10^16 wei), truncating extra decimals.
 *
 * @throws Error when `amount` is not a plain decimal number
 * @example parseAmount('1.5', 9) // 1_500_000_000n
 */
export function parseAmount(amount: string, decimals: number): bigint {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(amount)
  if (!match || amount === '' || amount === '.') throw new Error(`Not a decimal amount: ${amount}`)
  const whole = match[1] || '0'
  const fraction = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0')
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction || '0')
}
