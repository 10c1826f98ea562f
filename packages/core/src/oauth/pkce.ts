import { base64urlnopad } from '@scure/base'

/**
 * `byteLength` random bytes from `crypto.getRandomValues`, as unpadded base64url (RFC 4648 §5): 36 bytes
 * give 48 characters, a valid PKCE code verifier (RFC 7636 §4.1) and the client's OAuth state
 * (docs/limits.md).
 *
 * @internal
 */
export function randomBase64Url(byteLength: number): string {
  return base64urlnopad.encode(crypto.getRandomValues(new Uint8Array(byteLength)))
}

/**
 * The S256 code challenge of a PKCE code verifier (RFC 7636 §4.2): `BASE64URL(SHA256(ASCII(verifier)))`,
 * unpadded, 43 characters.
 *
 * @example
 * await pkceChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk') // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 * @internal
 */
export async function pkceChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64urlnopad.encode(new Uint8Array(digest))
}
