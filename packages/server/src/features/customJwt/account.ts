import type { CustomJwtAccount } from '@foyer/protocol'
import { type AccountKind, accountTimes } from '../users/AccountKind'

/**
 * The stored `subject` of a custom-JWT account: the JSON array `[issuer, subject]`, so that identity is the
 * pair (docs/security.md property 32) and one UNIQUE (app_id, type, subject) keeps it single.
 */
export function customSubject(issuer: string, subject: string): string {
  return JSON.stringify([issuer, subject])
}

/** Reverse of {@link customSubject}; null on anything else. */
export function parseCustomSubject(stored: string): { issuer: string; subject: string } | null {
  try {
    const value: unknown = JSON.parse(stored)
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string')
      return { issuer: value[0], subject: value[1] }
  } catch {}
  return null
}

/**
 * An account of the host's own JWT (stored type `custom`, wire type `custom_auth`): subject =
 * {@link customSubject}; shown with its `sub` as `custom_user_id` (null, so hidden, when the stored subject is malformed); allow-list entries
 * compare exactly with `sub`.
 */
export const customAccountKind = {
  type: 'custom',
  linkLimit: 1,
  toLinkedAccount: (row) => {
    const identity = parseCustomSubject(row.subject)
    return identity ? { type: 'custom_auth', custom_user_id: identity.subject, ...accountTimes(row) } : null
  },
  admits: (entry, { subject }) => parseCustomSubject(subject)?.subject === entry,
} as const satisfies AccountKind<'custom', CustomJwtAccount>
