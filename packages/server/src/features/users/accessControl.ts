/**
 * The sign-up rules of an app's access control: the allow-list (who may become a user) and the user limit
 * (how many users there may be), checked inside the sign-up's transaction.
 */
import type { AccessControl } from '@foyer/protocol'
import { eq, sql } from 'drizzle-orm'
import { foyerError } from '../../errors/foyerError'
import { mergeSettings } from '../apps/mergeSettings'
import { apps } from '../apps/schema'
import type { AccountKinds, AccountType } from './AccountKind'
import { users } from './schema'
import type { Transaction } from './Transaction'

/**
 * Whether the allow-list `entries` (app settings `access_control.allowlist`) admit a new user proving the
 * account (type, subject, details): each entry is trimmed and matched by the type's account kind
 * (`AccountKind.admits`: emails and Ethereum addresses case-insensitively, phone numbers with separators
 * ignored, Solana addresses exactly, custom-JWT users by their `sub`, OAuth accounts by the provider's
 * verified email). Types without a matcher (guests, passkeys) are never allow-listed (docs/security.md
 * property 55). `accountKinds` holds the matchers.
 */
export function isAllowListed(
  accountKinds: AccountKinds,
  entries: readonly string[],
  type: AccountType,
  subject: string,
  proof: { details?: Record<string, unknown> | undefined; verifiedEmail?: string | null | undefined } = {},
): boolean {
  const admits = accountKinds.get(type)?.admits
  const candidate = { subject, details: proof.details ?? {}, verifiedEmail: proof.verifiedEmail ?? null }
  return admits !== undefined && entries.some((entry) => admits(entry.trim(), candidate))
}

/** Throws 403 `allowlist_rejected` when `access` has the allow-list on and it does not admit (type, subject) (security property 55). */
export function assertAdmits(
  accountKinds: AccountKinds,
  access: AccessControl,
  account: {
    type: AccountType
    subject: string
    details?: Record<string, unknown> | undefined
    verifiedEmail?: string | null | undefined
  },
): void {
  if (
    access.allowlist_enabled &&
    !isAllowListed(accountKinds, access.allowlist, account.type, account.subject, account)
  )
    throw foyerError('allowlistRejected')
}

/**
 * Throws 403 `allowlist_rejected` when the app's allow-list is on and does not admit (type, subject)
 * (docs/security.md property 55); returns the app's access control, read inside `tx`.
 */
export async function assertAllowListed(
  tx: Transaction,
  accountKinds: AccountKinds,
  parameters: {
    appId: string
    type: AccountType
    subject: string
    details?: Record<string, unknown> | undefined
    verifiedEmail?: string | null | undefined
  },
): Promise<AccessControl> {
  const [app] = await tx.select({ settings: apps.settings }).from(apps).where(eq(apps.id, parameters.appId))
  if (!app) throw foyerError('appNotFound')
  // Only the access control: the rest of the stored settings holds sealed secrets.
  const access = mergeSettings({ access_control: app.settings.access_control }).access_control
  assertAdmits(accountKinds, access, parameters)
  return access
}

/**
 * Takes the transaction-scoped advisory lock on the user count of `appId` (`pg_advisory_xact_lock`,
 * PostgreSQL and PGlite), held until commit, so parallel sign-ups under a user limit are counted one after
 * the other: N parallel sign-ups at limit − 1 give exactly the limit (docs/security.md property 55).
 */
export async function lockUserLimit(tx: Transaction, appId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`foyer:user-limit:${appId}`}, 0))`)
}

/**
 * docs/security.md property 55, for a sign-up (a new user) in `appId`, under the lock of {@link lockUserLimit}: the app's
 * user count (guests included) must stay below `maxUsers` (403 `max_accounts_reached`).
 */
export async function assertUnderUserLimit(tx: Transaction, appId: string, maxUsers: number): Promise<void> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.appId, appId))
  if (Number(row?.count ?? 0) >= maxUsers) throw foyerError('maxAccountsReached')
}
