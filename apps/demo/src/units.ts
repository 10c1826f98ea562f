const WEI_PER_ETH = 10n ** 18n

/** Wei as ETH text with up to 6 decimals, e.g. `9.989999`. */
export function formatEther(wei: bigint): string {
  const whole = wei / WEI_PER_ETH
  const fraction = (wei % WEI_PER_ETH).toString().padStart(18, '0').slice(0, 6).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

/** ETH text (e.g. `'0.01'`) as wei. */
export function parseEther(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole) * WEI_PER_ETH + BigInt(fraction.padEnd(18, '0').slice(0, 18) || '0')
}
