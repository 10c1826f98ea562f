/**
 * Bytes of a standard base64 string (RFC 4648 §4). Throws `Error('Invalid base64')` on malformed input.
 *
 * @example fromBase64('AQID') // Uint8Array [1, 2, 3]
 */
export function fromBase64(value: string): Uint8Array {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value))
    throw new Error('Invalid base64')
  const binary = atob(value)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}
