/**
 * Reads the payload (claims) of a compact JWS without verifying anything: enough to know a token's `exp`
 * and `aud` on the client. Never use the result for an access decision on a server.
 *
 * @param token - A compact JWS `header.payload.signature` (RFC 7515 §7.1).
 * @returns The payload object, or `null` when the token is not three base64url parts with a JSON object in
 *   the middle.
 * @internal
 */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[1]) return null
  try {
    const payload: unknown = JSON.parse(new TextDecoder().decode(base64UrlToBytes(parts[1])))
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/**
 * base64url (RFC 4648 §5, unpadded) → bytes. Throws on characters outside the alphabet. `atob` rather than
 * `@scure/base`: this runs in the SDK's initial bundle, where `@scure/base` would add about 2 kB gzip.
 */
function base64UrlToBytes(value: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) throw new Error('not base64url')
  // atob takes unpadded base64 too.
  return Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))
}
