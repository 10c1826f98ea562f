import type { LinkedAccount } from '@foyer/protocol'

/**
 * A `linked_accounts` row as `userJsonSql` reads it: the stored `type` and canonical `subject`, the
 * verification times in whole Unix seconds, the creation time in ms (for ordering) and the type-specific
 * `details` column.
 */
export type StoredAccount = {
  type: string
  subject: string
  verified_s: number
  first_verified_s: number
  latest_verified_s: number
  created_ms: number
  details?: Record<string, unknown> | null
}

/** The verification times every wire linked account carries (docs/api.md), from a stored row. */
export function accountTimes(row: StoredAccount): {
  verified_at: number
  first_verified_at: number
  latest_verified_at: number
} {
  return {
    verified_at: Number(row.verified_s),
    first_verified_at: Number(row.first_verified_s),
    latest_verified_at: Number(row.latest_verified_s),
  }
}

/**
 * Everything the server knows about one stored account type of a sign-in method: how a
 * stored row becomes its wire linked account, whether an allow-list entry admits it, and how many one user
 * may hold. Each sign-in method's folder defines its kinds in `account.ts`; `createApp({ methods })`
 * lists them, and nothing else branches on account types.
 *
 * @example
 * export const phoneAccountKind = {
 *   type: 'phone',
 *   linkLimit: 1,
 *   toLinkedAccount: (row) => ({ type: 'phone', number: row.subject, ...accountTimes(row) }),
 *   admits: (entry, { subject }) => entry.replace(/[\s().-]/g, '') === subject,
 * } as const satisfies AccountKind<'phone'>
 */
export type AccountKind<Type extends string = string, Wire extends LinkedAccount = LinkedAccount> = {
  /** The stored `type` column (not always the wire `type`: `siwe` and `siws` rows are wire `wallet`s). */
  type: Type
  /** Most accounts of this type one user may link (docs/limits.md: 1, passkeys 5). */
  linkLimit: number
  /**
   * The wire linked account of a stored row (docs/linked-accounts.md#account-shapes); null when the row
   * cannot be shown (a malformed subject), so that one bad row does not hide the user.
   */
  toLinkedAccount(row: StoredAccount): Wire | null
  /**
   * Whether the trimmed allow-list entry `entry` admits a new user proving `candidate` (docs/security.md
   * property 55). Absent: the type never passes an allow-list (guests, passkeys).
   */
  admits?: (entry: string, candidate: AdmissionCandidate) => boolean
  /**
   * Present when a link that finds this account held by another user offers to move it (docs/limits.md;
   * docs/wire.md#account-transfer): `displayName` names the account on the conflict screen, `otherUser` adds
   * the fields the client echoes to the transfer call. Absent (custom, guest, passkey): never transferred,
   * the link answers `linked_to_another_user` and a transfer is 'Invalid transfer account type'.
   */
  transfer?: {
    displayName(candidate: TransferCandidate): string
    otherUser?(candidate: TransferCandidate): Record<string, unknown>
  }
}

/**
 * The account a link proved, for a transfer offer: its canonical `subject` and the `details` the link
 * proved. Nothing about the holder: a transfer offer discloses none of its wallets (docs/account-transfer.md).
 */
export type TransferCandidate = {
  subject: string
  details: Record<string, unknown>
}

/**
 * What a sign-up proves, for the allow-list: the account's canonical `subject`, its stored `details`, and
 * an email address the proof verified (an OAuth provider's verified email), if any.
 */
export type AdmissionCandidate = {
  subject: string
  details: Record<string, unknown>
  verifiedEmail: string | null
}

/**
 * The account kinds of the app's sign-in methods, by stored `type`. The users, sessions and account-transfer
 * features read the methods only through this registry, which the server context carries
 * (`ServerContext.accountKinds`, built from the method list by `createServerContext`): they never import a
 * method, so no import path leads from them back to a method's routes (docs/architecture.md).
 */
export type AccountKinds = ReadonlyMap<string, AccountKind>

/** The registry of `methods`' account kinds (see {@link AccountKinds}); a later kind of one type wins. */
export function accountKindsOf(methods: readonly { accounts: readonly AccountKind[] }[]): AccountKinds {
  return new Map(methods.flatMap((method) => method.accounts.map((kind) => [kind.type, kind] as const)))
}

/**
 * The stored account types of the registered sign-in methods, one key each, filled by declaration merging:
 * `src/defaultPlugins.ts` adds the types of every method it lists. So the users feature names the
 * types ({@link AccountType}) without importing the methods.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in src/defaultPlugins.ts
export interface RegisteredAccountTypes {}

/** A stored linked-account type (the `type` column) of a registered sign-in method: `email`, `siwe`, … */
export type AccountType = keyof RegisteredAccountTypes & string
