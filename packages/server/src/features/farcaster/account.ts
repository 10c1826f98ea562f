import type { FarcasterAccount } from '@foyer/protocol'
import { type AccountKind, accountTimes } from '../users/AccountKind'

/**
 * Details stored with a Farcaster account: the fid's custody address when it signed in (EIP-55), the
 * profile of the user-data API (docs/linked-accounts.md#account-shapes names), and the approved signer's
 * ed25519 public key (docs/api.md).
 */
export type FarcasterDetails = {
  owner_address: string
  username?: string
  display_name?: string
  bio?: string
  profile_picture_url?: string
  homepage_url?: string
  signer_public_key?: string
}

/** The stored subject of a Farcaster account: the fid in decimal. */
export function farcasterSubject(fid: number): string {
  return String(fid)
}

const profileKeys = [
  'username',
  'display_name',
  'bio',
  'profile_picture_url',
  'homepage_url',
  'signer_public_key',
] as const

/**
 * A Farcaster account proven by Sign In With Farcaster (docs/wire.md `farcaster`): subject = the fid in
 * decimal; one per user; wire shape of docs/linked-accounts.md#account-shapes (null, so hidden, when the
 * stored subject is not a fid). An allow-list entry admits the fid (`'3'`) or its custody address (any case),
 * both proven by the signature.
 */
export const farcasterAccountKind = {
  type: 'farcaster',
  linkLimit: 1,
  toLinkedAccount: (row) => {
    if (!/^[1-9][0-9]{0,15}$/.test(row.subject)) return null
    const details = (row.details ?? {}) as Partial<FarcasterDetails>
    const profile: Partial<Record<(typeof profileKeys)[number], string>> = {}
    for (const key of profileKeys) {
      const value = details[key]
      if (typeof value === 'string' && value.length > 0) profile[key] = value
    }
    return {
      type: 'farcaster',
      fid: Number(row.subject),
      owner_address: details.owner_address ?? '',
      ...profile,
      ...accountTimes(row),
    }
  },
  admits: (entry, { subject, details }) =>
    entry === subject ||
    (typeof details.owner_address === 'string' &&
      /^0x[0-9a-fA-F]{40}$/.test(entry) &&
      entry.toLowerCase() === details.owner_address.toLowerCase()),
  // A link conflict offers the transfer, naming the profile. The holder's embedded wallet is never
  // disclosed (docs/account-transfer.md), so no `farcasterEmbeddedAddress` is offered to echo.
  transfer: {
    displayName: ({ subject, details }) =>
      (typeof details.username === 'string' && details.username) ||
      (typeof details.display_name === 'string' && details.display_name) ||
      subject,
  },
} as const satisfies AccountKind<'farcaster', FarcasterAccount>
