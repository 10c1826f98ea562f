import { base64 } from '@scure/base'

/**
 * Standard base64 (RFC 4648 §4, padded) of `bytes`.
 *
 * @example toBase64(new Uint8Array([1, 2, 3])) // 'AQID'
 */
export function toBase64(bytes: Uint8Array): string {
  return base64.encode(bytes)
}
