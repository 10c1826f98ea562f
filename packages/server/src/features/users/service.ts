import { type AuthMode, type LinkedAccount, toUserDid, type User } from '@foyer/protocol'
import { and, asc, eq, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import { embeddedWalletAccounts } from '../wallets/service'
import { linkedAccounts, users } from './schema'

const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000)

type LinkedAccountRow = typeof linkedAccounts.$inferSelect

function toLinkedAccount(row: LinkedAccountRow): LinkedAccount | null {
  if (row.type === 'email') {
    return {
      type: 'email',
      address: row.subject,
      verified_at: toSeconds(row.verifiedAt),
      first_verified_at: toSeconds(row.firstVerifiedAt),
      latest_verified_at: toSeconds(row.latestVerifiedAt),
    }
  }
  return null
}

/**
 * The user `userId` as the wire returns it (DESIGN.md "Wire contract"): `{ id: 'did:foyer:<id>', created_at
 * (s), linked_accounts (email accounts and embedded wallets, oldest first), mfa_methods, has_accepted_terms,
 * is_guest }`; null when the user does not exist.
 */
export async function getUserJson(db: FoyerDatabase, userId: string): Promise<User | null> {
  // The user and its linked accounts (one left join), then its embedded wallets.
  const rows = await db.orm
    .select({ user: users, account: linkedAccounts })
    .from(users)
    .leftJoin(linkedAccounts, eq(linkedAccounts.userId, users.id))
    .where(eq(users.id, userId))
    .orderBy(asc(linkedAccounts.createdAt), asc(linkedAccounts.id))
  const user = rows[0]?.user
  if (!user) return null
  const wallets = await embeddedWalletAccounts(db, userId)
  const linked = rows
    .map((row) =>
      row.account ? { account: toLinkedAccount(row.account), createdAt: row.account.createdAt } : null,
    )
    .filter((entry): entry is { account: LinkedAccount; createdAt: Date } => entry?.account != null)
  // Oldest first; embedded wallets after accounts of the same instant (stable sort).
  const ordered = [...linked, ...wallets].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  return {
    id: toUserDid(user.id),
    created_at: toSeconds(user.createdAt),
    linked_accounts: ordered.map((entry) => entry.account),
    mfa_methods: [],
    has_accepted_terms: user.hasAcceptedTerms,
    is_guest: user.isGuest,
  }
}

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
 * Throws 404 `user_does_not_exist` in mode `no-signup` when nobody has the address (spec 01 §4).
 * Two concurrent sign-ups of one address yield one user (UNIQUE (app_id, type, subject)).
 */
export async function signInWithEmail(
  db: FoyerDatabase,
  parameters: SignInWithEmailParameters,
): Promise<{ userId: string; isNewUser: boolean }> {
  const { appId, email, mode, now } = parameters
  for (let attempt = 0; attempt < 3; attempt++) {
    const [existing] = await db.orm
      .update(linkedAccounts)
      .set({ latestVerifiedAt: now })
      .where(
        and(
          eq(linkedAccounts.appId, appId),
          eq(linkedAccounts.type, 'email'),
          eq(linkedAccounts.subject, email),
        ),
      )
      .returning({ userId: linkedAccounts.userId })
    if (existing) return { userId: existing.userId, isNewUser: false }
    if (mode === 'no-signup') throw new FoyerHttpError('user_does_not_exist', 'User does not exist')
    // One statement (no transaction round trips): the account is inserted unless a concurrent sign-up
    // of the same address won (ON CONFLICT DO NOTHING), and the user row only when the account was. The
    // foreign key is checked at the end of the statement, when both rows exist.
    const userId = randomId(25)
    const at = now.toISOString()
    const created = (await db.orm.execute(sql`
      with account as (
        insert into ${linkedAccounts} (id, app_id, user_id, type, subject, details, verified_at,
          first_verified_at, latest_verified_at, created_at)
        values (${randomId(25)}, ${appId}, ${userId}, 'email', ${email}, '{}'::jsonb, ${at}::timestamptz,
          ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)
        on conflict do nothing
        returning user_id
      )
      insert into ${users} (id, app_id, created_at)
      select user_id, ${appId}, ${at}::timestamptz from account
      returning id`)) as unknown as { rows: unknown[] }
    if (created.rows.length === 1) return { userId, isNewUser: true }
  }
  throw new Error('Could not sign in: the linked account kept changing')
}
