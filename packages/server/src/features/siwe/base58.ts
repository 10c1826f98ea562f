const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * Decodes Bitcoin-alphabet base58 (Solana addresses); null when `value` has a character outside the
 * alphabet. Leading `1`s are leading zero bytes.
 *
 * @example decodeBase58('11111111111111111111111111111111')?.length // 32
 */
export function decodeBase58(value: string): Uint8Array | null {
  let number = 0n
  for (const character of value) {
    const digit = ALPHABET.indexOf(character)
    if (digit === -1) return null
    number = number * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (number > 0n) {
    bytes.unshift(Number(number & 0xffn))
    number >>= 8n
  }
  let zeros = 0
  while (zeros < value.length && value[zeros] === '1') zeros += 1
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes])
}

/** Encodes bytes as Bitcoin-alphabet base58 (the inverse of {@link decodeBase58}). */
export function encodeBase58(bytes: Uint8Array): string {
  let number = 0n
  for (const byte of bytes) number = (number << 8n) + BigInt(byte)
  let out = ''
  while (number > 0n) {
    out = ALPHABET[Number(number % 58n)] + out
    number /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    out = `1${out}`
  }
  return out
}
