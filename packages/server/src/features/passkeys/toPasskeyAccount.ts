import type { PasskeyAccount } from '@foyer/protocol'

/** What the `details` column of a `passkey` linked account holds (server side only). */
export type PasskeyDetails = {
  /** COSE public key, base64url. Never sent to clients. */
  public_key: string
  /** Last accepted signature counter (security checklist H.50). */
  counter: number
  transports: string[]
  authenticator_name: string | null
  created_with_browser: string | null
  created_with_os: string | null
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * The wire `passkey` linked account (spec 01 §3 "Passkey account") of a `linked_accounts` row as
 * `userJsonSql` reads it: `subject` is the credential id; only public details are copied (never the
 * public key or counter).
 */
export function toPasskeyAccount(row: {
  subject: string
  verified_s: number
  first_verified_s: number
  latest_verified_s: number
  details?: Record<string, unknown> | null
}): PasskeyAccount {
  const details = row.details ?? {}
  return {
    type: 'passkey',
    credential_id: row.subject,
    authenticator_name: stringOrNull(details.authenticator_name),
    created_with_browser: stringOrNull(details.created_with_browser),
    created_with_os: stringOrNull(details.created_with_os),
    verified_at: Number(row.verified_s),
    first_verified_at: Number(row.first_verified_s),
    latest_verified_at: Number(row.latest_verified_s),
  }
}
