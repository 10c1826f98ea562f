/**
 * The random secrets of an OAuth flow: CSPRNG tokens, the PKCE S256 challenge, constant-time equality.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** base64url of `bytes` CSPRNG bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/**
 * base64url(SHA-256(`verifier`)): the PKCE S256 challenge (RFC 7636 §4.2).
 *
 * @example pkceS256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk') // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 */
export function pkceS256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

export function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
