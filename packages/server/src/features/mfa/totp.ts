import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'

/** RFC 6238 parameters of every Foyer authenticator-app factor (docs/security.md properties 10, 11). */
export const TOTP_PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const
/**
 * Steps either side of the server's current step a code may belong to (docs/security.md property 11: at most
 * ±1).
 */
export const TOTP_WINDOW = 1
/** Secret size in bytes: 160 bits (RFC 4226 §4 R6; docs/security.md property 14). */
export const TOTP_SECRET_BYTES = 20

/**
 * A fresh authenticator-app secret: 160 bits from the CSPRNG, as base32 (RFC 4648, no padding), the form
 * authenticator apps take.
 *
 * @example createTotpSecret() // 'JBSWY3DPEHPK3PXP…' (32 chars)
 */
export function createTotpSecret(): string {
  const bytes = randomBytes(TOTP_SECRET_BYTES)
  return new Secret({ buffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) }).base32
}

function totpOf(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({ ...TOTP_PARAMETERS, issuer, label, secret: Secret.fromBase32(secret) })
}

/**
 * The `otpauth://totp/…` URL of `secret` (Key Uri Format) that authenticator apps scan: issuer the app's
 * name, label the account's name.
 *
 * @example totpAuthUrl({ secret, issuer: 'Foyer Demo', label: 'user' }) // 'otpauth://totp/Foyer%20Demo:user?…'
 */
export function totpAuthUrl(parameters: { secret: string; issuer: string; label: string }): string {
  return totpOf(parameters.secret, parameters.issuer, parameters.label).toString()
}

/**
 * The RFC 6238 time step a 6-digit `code` belongs to, on the server's clock `nowMs`, within ±1 step
 * (docs/security.md property 11), or null when it matches none. The caller refuses a step already used
 * (security property 12).
 *
 * @example matchTotpStep({ secret, code: '287082', nowMs: 59_000 }) // 1
 */
export function matchTotpStep(parameters: { secret: string; code: string; nowMs: number }): number | null {
  const totp = totpOf(parameters.secret)
  const delta = totp.validate({ token: parameters.code, timestamp: parameters.nowMs, window: TOTP_WINDOW })
  if (delta === null) return null
  return totp.counter({ timestamp: parameters.nowMs }) + delta
}
