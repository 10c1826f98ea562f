import { createHash } from 'node:crypto'

/** Hex SHA-256 of a UTF-8 string; how refresh tokens are stored (docs/security.md property 18). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}
