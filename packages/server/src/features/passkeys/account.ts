import { PASSKEY_LIMIT, type PasskeyAccount } from '@foyer/protocol'
import { type AccountKind, accountTimes } from '../users/AccountKind'

/** What the `details` column of a `passkey` linked account holds (server side only). */
export type PasskeyDetails = {
  /** COSE public key, base64url. Never sent to clients. */
  public_key: string
  /** Last accepted signature counter (docs/security.md property 50). */
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
 * A passkey (docs/linked-accounts.md): subject = the credential id (base64url); up to
 * {@link PASSKEY_LIMIT} per user (docs/limits.md); only public details are shown (never the public key or
 * counter); never allow-listed (it proves no identifier of the list).
 */
export const passkeyAccountKind = {
  type: 'passkey',
  linkLimit: PASSKEY_LIMIT,
  toLinkedAccount: (row) => {
    const details = row.details ?? {}
    return {
      type: 'passkey',
      credential_id: row.subject,
      authenticator_name: stringOrNull(details.authenticator_name),
      created_with_browser: stringOrNull(details.created_with_browser),
      created_with_os: stringOrNull(details.created_with_os),
      enrolled_in_mfa: details.enrolled_in_mfa === true,
      ...accountTimes(row),
    }
  },
} as const satisfies AccountKind<'passkey', PasskeyAccount>
