/**
 * Signing in by a proven account: the existing user, or a new one under the app's sign-up rules; and the
 * sign-up of a new user by a new account (passkey registration).
 */
import type { AccessControl, AuthMode } from '@foyer/protocol'
import type { SQL } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import { foyerError } from '../../errors/foyerError'
import { mergeSettings } from '../apps/mergeSettings'
import type { AccountType } from './AccountKind'
import { assertAdmits, assertAllowListed, assertUnderUserLimit, lockUserLimit } from './accessControl'
import { linkedToAnotherUser, newLinkedAccount } from './newLinkedAccount'
import { linkedAccounts, users } from './schema'
import {
  type SignInExistingRow,
  signInExisting,
  signInExistingSql,
  upsertAccount,
  upsertAccountSql,
} from './signUpStatements'
import type { UsersContext } from './UsersContext'

export type SignInWithEmailParameters = {
  appId: string
  /** Canonical (trimmed, lower-cased) address, already proven by a code. */
  email: string
  mode: AuthMode
  now: Date
}

/**
 * Signs in the owner of a proven email address: the existing user of (app, 'email', address), whose
 * `latest_verified_at` is bumped, or (mode `login-or-sign-up`) a new user with that linked account.
 * Throws 404 `user_does_not_exist` in mode `no-signup` when nobody has the address (docs/modal.md).
 * Two concurrent sign-ups of one address yield one user (UNIQUE (app_id, type, subject)).
 */
export async function signInWithEmail(
  context: UsersContext,
  parameters: SignInWithEmailParameters,
): Promise<{ userId: string; isNewUser: boolean }> {
  return signInWithAccount(context, { ...parameters, type: 'email', subject: parameters.email })
}

export type SignInWithAccountParameters = {
  appId: string
  /** Linked-account type (see {@link AccountType}); passkeys sign in through their own feature. */
  type: Exclude<AccountType, 'passkey'>
  /** The canonical, already proven identifier. */
  subject: string
  /** Type-specific fields stored with the account (e.g. a wallet's `ExternalWalletDetails`); merged on sign-in. */
  details?: Record<string, unknown>
  mode: AuthMode
  now: Date
  /** A new user is a guest (`is_guest`); default false. */
  isGuest?: boolean
  /** OAuth accounts: the email the provider verified, the only one an allow-list entry may match. */
  verifiedEmail?: string | null
}

/**
 * The sign-up rules of a new account before it is created (docs/security.md property 55): mode
 * `login-or-sign-up`, an existing app (its stored `settings`), and an allow-list, when on, that admits the
 * account. Returns the app's access control (its `max_users` is checked by the caller under
 * {@link lockUserLimit}). Throws 404 `user_does_not_exist` in mode `no-signup`, 404 `not_found` without the
 * app, 403 `allowlist_rejected`.
 */
export function assertMaySignUp(
  context: UsersContext,
  parameters: Pick<SignInWithAccountParameters, 'type' | 'subject' | 'details' | 'mode' | 'verifiedEmail'>,
  settings: Record<string, unknown> | null | undefined,
): AccessControl {
  const { mode } = parameters
  if (mode === 'no-signup') throw foyerError('userDoesNotExist')
  if (!settings) throw foyerError('appNotFound')
  // A sign-up: allow-list and user limit (security property 55).
  const access = mergeSettings({ access_control: settings.access_control }).access_control
  assertAdmits(context.accountKinds, access, parameters)
  return access
}

/**
 * Signs in the owner of a proven account (app, type, subject): the existing user, whose account's
 * `latest_verified_at` is bumped (and `details` merged), or (mode `login-or-sign-up`) a new user with that
 * account. This is the one place where users are created, so the sign-up rules of docs/security.md property
 * 55 hold for every sign-in path: an existing user always signs in; a new one must be allow-listed when the
 * allow-list is on (guests never are) and fit under the user limit.
 * A sign-in is one statement ({@link signInExistingSql}), which also reads the app's settings when the
 * account is unknown. A sign-up is one more statement ({@link upsertAccountSql}); with a user limit
 * (`access_control.max_users`) it runs in a transaction under the app's limit lock
 * ({@link lockUserLimit}), which first signs in an account that a concurrent sign-up committed meanwhile,
 * then counts the users ({@link assertUnderUserLimit}).
 * Throws 404 `user_does_not_exist` in mode `no-signup` when nobody has the account (docs/modal.md), 404
 * `not_found` when the app does not exist, 403 `allowlist_rejected`, 403 `max_accounts_reached`.
 * Two concurrent sign-ups of one account yield one user (UNIQUE (app_id, type, subject)).
 */
export async function signInWithAccount(
  context: UsersContext,
  parameters: SignInWithAccountParameters,
): Promise<{ userId: string; isNewUser: boolean }> {
  const { db } = context
  const { appId, type, subject, now } = parameters
  const details = JSON.stringify(parameters.details ?? {})
  const at = now.toISOString()
  const existing = { appId, type, subject, details, at }
  const [found] = await signInExisting(db, existing)
  if (found?.user_id) return { userId: found.user_id, isNewUser: false }
  const access = assertMaySignUp(context, parameters, found?.settings)
  const proposed = {
    ...existing,
    accountId: randomId(25),
    userId: randomId(25),
    isGuest: parameters.isGuest === true,
  }
  const signedUp = (userId: string | undefined) => {
    if (!userId) throw new Error(`Could not sign in: the ${type} account upsert returned nothing`)
    return { userId, isNewUser: userId === proposed.userId }
  }
  const { max_users: maxUsers } = access
  if (maxUsers === null) return signedUp((await upsertAccount(db, proposed))[0]?.user_id)
  return db.orm.transaction(async (tx) => {
    const rows = async <Row>(query: SQL) => ((await tx.execute(query)) as unknown as { rows: Row[] }).rows
    await lockUserLimit(tx, appId)
    // Under the limit lock, a concurrent sign-up of this very account may have committed meanwhile: then
    // it is a sign-in.
    const [raced] = await rows<SignInExistingRow>(signInExistingSql(existing))
    if (raced?.user_id) return { userId: raced.user_id, isNewUser: false }
    await assertUnderUserLimit(tx, appId, maxUsers)
    return signedUp((await rows<{ user_id: string }>(upsertAccountSql(proposed)))[0]?.user_id)
  })
}

/**
 * Creates a new user whose first account is (app, type, subject): a sign-up that never signs anyone in
 * (a passkey registration proves a new credential, not an existing account; docs/passkeys.md#sign-up).
 * One transaction under the sign-up rules of every sign-in (docs/passkeys.md#sign-up): the allow-list, read inside the transaction,
 * must admit the account (passkeys never are: 403 `allowlist_rejected` whenever it is on), and with a user
 * limit the app's users are counted under the limit lock (403 `max_accounts_reached`). The account is
 * inserted after the user; when (app, type, subject) already exists (UNIQUE, also under concurrency) the
 * transaction rolls back and the call throws 400 `linked_to_another_user`. 404 `not_found` without the app.
 */
export async function signUpWithNewAccount(
  context: UsersContext,
  parameters: {
    appId: string
    type: AccountType
    subject: string
    details: Record<string, unknown>
    now: Date
  },
): Promise<{ userId: string }> {
  const { appId, now } = parameters
  return context.db.orm.transaction(async (tx) => {
    const access = await assertAllowListed(tx, context.accountKinds, parameters)
    if (access.max_users !== null) {
      await lockUserLimit(tx, appId)
      await assertUnderUserLimit(tx, appId, access.max_users)
    }
    const userId = randomId(25)
    await tx.insert(users).values({ id: userId, appId, createdAt: now, isGuest: false })
    const inserted = await tx
      .insert(linkedAccounts)
      .values(
        newLinkedAccount({
          appId,
          userId,
          type: parameters.type,
          subject: parameters.subject,
          details: parameters.details,
          now,
        }),
      )
      .onConflictDoNothing()
      .returning({ id: linkedAccounts.id })
    if (inserted.length === 0) throw linkedToAnotherUser()
    return { userId }
  })
}
