/** New refresh tokens: random ones, and the key that seals a rotated token's successor. */
import { createHmac, randomBytes } from 'node:crypto'
import type { ServerContext } from '../../ServerContext'

/** A new opaque refresh token: 32 CSPRNG bytes, base64url (256 bits; docs/security.md property 18). */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * The AES-256-GCM key that seals the successor of `parentToken`: HMAC-SHA256 keyed by the server's
 * successor sub-key over the parent token. Neither the database (which holds only SHA-256 of tokens) nor
 * the token alone can open a sealed successor.
 */
export function successorKey(context: ServerContext, parentToken: string): Buffer {
  return createHmac('sha256', context.refreshSuccessorKey).update(parentToken, 'utf8').digest()
}
