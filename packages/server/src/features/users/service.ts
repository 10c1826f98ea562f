import {
  type AccessControl,
  type AuthMode,
  type ChainType,
  type EmbeddedWalletAccount,
  type RecoveryMethod,
  toUserDid,
  type User,
} from '@foyer/protocol'
import { and, eq, ne, type SQL, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { preparedStatement } from '../../db/preparedStatement'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import { offerAccountTransfer } from '../accountTransfer/offerAccountTransfer'
import { mergeSettings } from '../apps/mergeSettings'
import { apps } from '../apps/schema'
import { mfaMethods } from '../mfa/schema'
import { embeddedWallets, walletEntropies } from '../wallets/schema'
import type { AccountKinds, AccountType, StoredAccount } from './AccountKind'
import { linkedAccounts, users } from './schema'
import type { UsersContext } from './UsersContext'

export type { UsersContext }

/** An embedded wallet as {@link userJsonSql} reads it (docs/wire.md; times as for accounts). */
type EmbeddedWalletJson = {
  address: string
  chain_type: string
  wallet_index: number
  recovery_method: string
  imported: boolean
  created_s: number
  created_ms: number
}

/** What {@link userJsonSql} yields: the user row and its linked accounts, oldest first. */
export type UserJsonRow = {
  id: string
  created_s: number
  has_accepted_terms: boolean
  is_guest: boolean
  accounts: StoredAccount[]
  wallets: EmbeddedWalletJson[]
  /** Enrolled second factors, oldest first. */
  mfa?: Array<{ type: 'sms' | 'totp' | 'passkey'; verified_s: number }>
}

/**
 * SQL scalar sub-query: the user whose id is `userId` (an SQL expression, so a statement can embed it, as
 * the refresh does) with its linked accounts, as one JSON value ({@link UserJsonRow}); NULL when there is
 * no such user. Map it with {@link toUserJson}.
 */
export function userJsonSql(userId: SQL): SQL {
  return sql`(
    select json_build_object(
      'id', u.id,
      'created_s', floor(extract(epoch from u.created_at)),
      'has_accepted_terms', u.has_accepted_terms,
      'is_guest', u.is_guest,
      'accounts', coalesce((
        select json_agg(json_build_object(
          'type', la.type,
          'subject', la.subject,
          'verified_s', floor(extract(epoch from la.verified_at)),
          'first_verified_s', floor(extract(epoch from la.first_verified_at)),
          'latest_verified_s', floor(extract(epoch from la.latest_verified_at)),
          'created_ms', floor(extract(epoch from la.created_at) * 1000),
          'details', la.details
        ) order by la.created_at, la.id)
        from ${linkedAccounts} la where la.user_id = u.id
      ), '[]'::json),
      'wallets', coalesce((
        select json_agg(json_build_object(
          'address', w.address,
          'chain_type', w.chain_type,
          'wallet_index', w.wallet_index,
          'recovery_method', e.recovery_method,
          'imported', e.imported,
          'created_s', floor(extract(epoch from w.created_at)),
          'created_ms', floor(extract(epoch from w.created_at) * 1000)
        ) order by w.created_at, w.chain_type, w.wallet_index)
        from ${embeddedWallets} w join ${walletEntropies} e on e.id = w.entropy_row_id
        where w.user_id = u.id
      ), '[]'::json),
      'mfa', coalesce((
        select json_agg(json_build_object(
          'type', m.type,
          'verified_s', floor(extract(epoch from m.verified_at))
        ) order by m.created_at, m.type)
        from ${mfaMethods} m where m.user_id = u.id
      ), '[]'::json)
    )
    from ${users} u where u.id = ${userId}
  )`
}

/** An embedded wallet as a linked account (docs/linked-accounts.md#account-shapes). */
function toWalletAccount(row: EmbeddedWalletJson): EmbeddedWalletAccount {
  const at = Number(row.created_s)
  return {
    type: 'wallet',
    address: row.address,
    chain_type: row.chain_type as ChainType,
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    recovery_method: row.recovery_method as RecoveryMethod,
    wallet_index: row.wallet_index,
    imported: row.imported,
    delegated: false,
    verified_at: at,
    first_verified_at: at,
    latest_verified_at: at,
  }
}

/**
 * The wire user (docs/api.md) of a {@link userJsonSql} value: `{ id: 'did:foyer:<id>',
 * created_at (s), linked_accounts (accounts and embedded wallets, oldest first), mfa_methods,
 * has_accepted_terms, is_guest }`. Each account is mapped by its kind in `accountKinds`.
 */
export function toUserJson(accountKinds: AccountKinds, row: UserJsonRow): User {
  const accounts = row.accounts.flatMap((account) => {
    // A row of a type no sign-in method owns, or one its kind cannot show, is left out.
    const linked = accountKinds.get(account.type)?.toLinkedAccount(account)
    return linked ? [{ account: linked, createdMs: Number(account.created_ms) }] : []
  })
  const wallets = row.wallets.map((wallet) => ({
    account: toWalletAccount(wallet),
    createdMs: Number(wallet.created_ms),
  }))
  // Oldest first; embedded wallets after accounts of the same instant (stable sort).
  const ordered = [...accounts, ...wallets].sort((a, b) => a.createdMs - b.createdMs)
  return {
    id: toUserDid(row.id),
    created_at: Number(row.created_s),
    linked_accounts: ordered.map((entry) => entry.account),
    mfa_methods: (row.mfa ?? []).map((method) => ({
      type: method.type,
      verified_at: Number(method.verified_s),
    })),
    has_accepted_terms: row.has_accepted_terms,
    is_guest: row.is_guest,
  }
}

/** The user `userId` as the wire returns it (see {@link toUserJson}), in one query; null when absent. */
export async function getUserJson(context: UsersContext, userId: string): Promise<User | null> {
  const result = (await context.db.orm.execute(
    sql`select ${userJsonSql(sql`${userId}`)} as user_json`,
  )) as unknown as {
    rows: Array<{ user_json: UserJsonRow | null }>
  }
  const row = result.rows[0]?.user_json
  return row ? toUserJson(context.accountKinds, row) : null
}

/**
 * The user `userId` as the wire returns it, for routes behind a live session: throws 401
 * `missing_or_invalid_token` when the user is gone (deleted meanwhile).
 */
export async function requireUserJson(context: UsersContext, userId: string): Promise<User> {
  const user = await getUserJson(context, userId)
  if (!user) throw new FoyerHttpError('missing_or_invalid_token', 'Missing or invalid token')
  return user
}

/**
 * Records that the user accepted the app's terms (docs/modal.md "After login"; docs/wire.md#terms): sets
 * `has_accepted_terms` and, the first time only, `accepted_terms_at` (one `UPDATE`, so a repeated or
 * concurrent call keeps the first time). Answers the user; 401 `missing_or_invalid_token` when it is gone.
 *
 * @example const user = await acceptTerms(context, userId, new Date(context.now()))
 */
export async function acceptTerms(context: UsersContext, userId: string, now: Date): Promise<User> {
  await context.db.orm
    .update(users)
    .set({ hasAcceptedTerms: true, acceptedTermsAt: sql`coalesce(${users.acceptedTermsAt}, ${now})` })
    .where(eq(users.id, userId))
  return requireUserJson(context, userId)
}

/**
 * With `require_users_accept_terms` on, refuses a user who has not accepted the terms yet (
 * wallet creation and wallet calls wait for the terms): 403 `terms_not_accepted`; 401 when the user is gone.
 *
 * @example await assertTermsAccepted(context.db, app, userId)
 */
export async function assertTermsAccepted(
  db: FoyerDatabase,
  app: { settings: { require_users_accept_terms: boolean } },
  userId: string,
): Promise<void> {
  if (!app.settings.require_users_accept_terms) return
  const [user] = await db.orm
    .select({ hasAcceptedTerms: users.hasAcceptedTerms })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new FoyerHttpError('missing_or_invalid_token', 'Missing or invalid token')
  if (!user.hasAcceptedTerms)
    throw new FoyerHttpError('terms_not_accepted', 'The user has not accepted the terms of this app yet')
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

/** docs/errors.md / docs/security.md property 55: the message of `allowlist_rejected`. */
export const ALLOWLIST_REJECTED_MESSAGE = "You don't have access to this app. Have you been invited?"
/** Checklist I.55: the message of `max_accounts_reached`. */
export const MAX_ACCOUNTS_REACHED_MESSAGE = 'This app has reached its maximum number of users.'

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

/** A transaction of {@link FoyerDatabase} (`db.orm.transaction`'s callback argument). */
export type Transaction = Parameters<Parameters<FoyerDatabase['orm']['transaction']>[0]>[0]

/** Throws 403 `allowlist_rejected` when `access` has the allow-list on and it does not admit (type, subject) (I.55). */
function assertAdmits(
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
    throw new FoyerHttpError('allowlist_rejected', ALLOWLIST_REJECTED_MESSAGE)
}

/**
 * Throws 403 `allowlist_rejected` when the app's allow-list is on and does not admit (type, subject)
 * (docs/security.md property 55); returns the app's access control, read inside `tx`.
 */
async function assertAllowListed(
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
  if (!app) throw new FoyerHttpError('not_found', 'App not found')
  // Only the access control: the rest of the stored settings holds sealed secrets.
  const access = mergeSettings({ access_control: app.settings.access_control }).access_control
  assertAdmits(accountKinds, access, parameters)
  return access
}

/** The values of {@link upsertAccountSql}: plain values, or `sql.placeholder`s of a prepared statement. */
type UpsertAccountValues = Record<
  'accountId' | 'appId' | 'userId' | 'type' | 'subject' | 'details' | 'at' | 'isGuest',
  unknown
>

/**
 * One statement: the account of (app, type, subject) is inserted with the proposed user id `userId`, or —
 * when a concurrent sign-up just inserted it — its `latest_verified_at` is bumped (the upsert takes the row
 * lock, so two sign-ups of one account yield one user). The user row is inserted only when the account got
 * the proposed id; the foreign key is checked at the end of the statement, when both rows exist. Returns
 * the account's `user_id`.
 */
function upsertAccountSql(values: UpsertAccountValues): SQL {
  return sql`
    with account as (
      insert into ${linkedAccounts} (id, app_id, user_id, type, subject, details, verified_at,
        first_verified_at, latest_verified_at, created_at)
      values (${values.accountId}, ${values.appId}, ${values.userId}, ${values.type}, ${values.subject},
        ${values.details}::jsonb, ${values.at}::timestamptz, ${values.at}::timestamptz,
        ${values.at}::timestamptz, ${values.at}::timestamptz)
      on conflict (app_id, type, subject) do update set latest_verified_at = excluded.latest_verified_at,
        details = ${linkedAccounts}.details || excluded.details
      returning user_id
    ), created as (
      insert into ${users} (id, app_id, created_at, is_guest)
      select user_id, ${values.appId}, ${values.at}::timestamptz, ${values.isGuest}::boolean
      from account where user_id = ${values.userId}::varchar
      returning id
    )
    select user_id from account`
}

/** {@link upsertAccountSql} as a prepared statement, for sign-ups outside a transaction. */
const upsertAccount = preparedStatement<{ user_id: string }>(
  'foyer_upsert_account',
  upsertAccountSql({
    accountId: sql.placeholder('accountId'),
    appId: sql.placeholder('appId'),
    userId: sql.placeholder('userId'),
    type: sql.placeholder('type'),
    subject: sql.placeholder('subject'),
    details: sql.placeholder('details'),
    at: sql.placeholder('at'),
    isGuest: sql.placeholder('isGuest'),
  }),
)

/** The values of {@link signInExistingSql}: plain values, or `sql.placeholder`s of a prepared statement. */
type SignInExistingValues = Record<'appId' | 'type' | 'subject' | 'details' | 'at', unknown>

/**
 * One statement: the sign-in of an existing account (its `latest_verified_at` bumped, `details` merged)
 * → its `user_id`; otherwise (`user_id` null) the app's stored `settings` for the sign-up checks (null
 * when there is no such app).
 */
function signInExistingSql(values: SignInExistingValues): SQL {
  return sql`
    with existing as (
      update ${linkedAccounts}
      set latest_verified_at = ${values.at}::timestamptz,
        details = ${linkedAccounts}.details || ${values.details}::jsonb
      where app_id = ${values.appId} and type = ${values.type} and subject = ${values.subject}
      returning user_id
    )
    select (select user_id from existing limit 1) as user_id,
      (select settings from ${apps} where id = ${values.appId}
        and not exists (select 1 from existing)) as settings`
}

/** What {@link signInExistingSql} answers. */
type SignInExistingRow = { user_id: string | null; settings: Record<string, unknown> | null }

/** {@link signInExistingSql} as a prepared statement. */
const signInExisting = preparedStatement<SignInExistingRow>(
  'foyer_sign_in_existing_account',
  signInExistingSql({
    appId: sql.placeholder('appId'),
    type: sql.placeholder('type'),
    subject: sql.placeholder('subject'),
    details: sql.placeholder('details'),
    at: sql.placeholder('at'),
  }),
)

/**
 * Takes the transaction-scoped advisory lock on the user count of `appId` (`pg_advisory_xact_lock`,
 * PostgreSQL and PGlite), held until commit, so parallel sign-ups under a user limit are counted one after
 * the other: N parallel sign-ups at limit − 1 give exactly the limit (docs/security.md property 55).
 */
async function lockUserLimit(tx: Transaction, appId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`foyer:user-limit:${appId}`}, 0))`)
}

/**
 * Checklist I.55, for a sign-up (a new user) in `appId`, under the lock of {@link lockUserLimit}: the app's
 * user count (guests included) must stay below `maxUsers` (403 `max_accounts_reached`).
 */
async function assertUnderUserLimit(tx: Transaction, appId: string, maxUsers: number): Promise<void> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.appId, appId))
  if (Number(row?.count ?? 0) >= maxUsers)
    throw new FoyerHttpError('max_accounts_reached', MAX_ACCOUNTS_REACHED_MESSAGE)
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
  const { appId, type, subject, mode, now } = parameters
  const details = JSON.stringify(parameters.details ?? {})
  const at = now.toISOString()
  const existing = { appId, type, subject, details, at }
  const [found] = await signInExisting(db, existing)
  if (found?.user_id) return { userId: found.user_id, isNewUser: false }
  if (mode === 'no-signup') throw new FoyerHttpError('user_does_not_exist', 'User does not exist')
  if (!found?.settings) throw new FoyerHttpError('not_found', 'App not found')
  // A sign-up: allow-list and user limit (I.55).
  const access = mergeSettings({ access_control: found.settings.access_control }).access_control
  assertAdmits(context.accountKinds, access, parameters)
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
      .values({
        id: randomId(25),
        appId,
        userId,
        type: parameters.type,
        subject: parameters.subject,
        details: parameters.details,
        verifiedAt: now,
        firstVerifiedAt: now,
        latestVerifiedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: linkedAccounts.id })
    if (inserted.length === 0)
      throw new FoyerHttpError(
        'linked_to_another_user',
        'This account has already been linked to another user.',
      )
    return { userId }
  })
}

/** docs/errors.md: the message of `cannot_link_more_of_type`. */
export function cannotLinkMoreMessage(type: string): string {
  return `User already has an account of type ${type} linked.`
}

/**
 * Links the proven email `email` to `userId` (see {@link linkAccountToUser}; a guest who links an email
 * becomes a full user).
 */
export async function linkEmailToUser(
  context: UsersContext,
  parameters: { appId: string; userId: string; email: string; now: Date },
): Promise<{ wasGuest: boolean }> {
  return linkAccountToUser(context, { ...parameters, type: 'email', subject: parameters.email })
}

/**
 * Links the proven account (type, subject) to `userId` (docs/limits.md "Linking"): one account per type
 * (400 `cannot_link_more_of_type` 'User already has an account of type X linked.'). An account another user
 * holds (UNIQUE (app_id, type, subject), so two racing links cannot both win) is offered for transfer: 400
 * `account_transfer_required` with the transfer data (docs/wire.md#account-transfer, `offerAccountTransfer`);
 * types that are never transferred answer 400 `linked_to_another_user`. A guest who links an email, phone or
 * wallet becomes a full user: `is_guest` false and the guest account (the device credential) is removed, so
 * the credential no longer opens the account. Returns whether the user was a guest. Passkeys (up to 5) link
 * through their own feature.
 */
export async function linkAccountToUser(
  context: UsersContext,
  parameters: {
    appId: string
    userId: string
    type: Exclude<AccountType, 'passkey' | 'guest'>
    subject: string
    details?: Record<string, unknown>
    /** OAuth accounts: the provider-verified email for the allow-list (see {@link isAllowListed}). */
    verifiedEmail?: string | null
    now: Date
  },
): Promise<{ wasGuest: boolean }> {
  const { appId, userId, type, subject, now } = parameters
  const outcome = await context.db.orm.transaction(async (tx) => {
    const user = await lockUserForLink(tx, context.accountKinds, { ...parameters, type, subject })
    const inserted = await tx
      .insert(linkedAccounts)
      .values({
        id: randomId(25),
        appId,
        userId,
        type,
        subject,
        details: parameters.details ?? {},
        verifiedAt: now,
        firstVerifiedAt: now,
        latestVerifiedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [linkedAccounts.appId, linkedAccounts.type, linkedAccounts.subject] })
      .returning({ id: linkedAccounts.id })
    if (inserted.length === 0) {
      const [holder] = await tx
        .select({ userId: linkedAccounts.userId })
        .from(linkedAccounts)
        .where(
          and(
            eq(linkedAccounts.appId, appId),
            eq(linkedAccounts.type, type),
            eq(linkedAccounts.subject, subject),
          ),
        )
      return { conflictWith: holder?.userId ?? null }
    }
    if (user.isGuest) await finishGuestUpgrade(tx, userId)
    return { wasGuest: user.isGuest }
  })
  if (outcome.wasGuest !== undefined) return { wasGuest: outcome.wasGuest }
  const { conflictWith } = outcome
  // Another user holds the account: offer to move it (docs/limits.md), when its type can be moved.
  if (conflictWith && conflictWith !== userId && context.accountKinds.get(type)?.transfer)
    throw await offerAccountTransfer(context, {
      appId,
      userId,
      fromUserId: conflictWith,
      type,
      subject,
      details: parameters.details ?? {},
      now,
    })
  throw new FoyerHttpError('linked_to_another_user', 'This account has already been linked to another user.')
}

/**
 * The checks of a link, inside its transaction: locks the user row of `userId` in `appId` (401
 * `missing_or_invalid_token` when gone), checks a guest's allow-list (I.55), and the type's link limit
 * (docs/limits.md: 400 `cannot_link_more_of_type`), counted under the lock. Returns whether the user is a
 * guest. `accountKinds` holds the allow-list matchers and the link limits.
 */
export async function lockUserForLink(
  tx: Transaction,
  accountKinds: AccountKinds,
  parameters: {
    appId: string
    userId: string
    type: AccountType
    subject: string
    details?: Record<string, unknown> | undefined
    verifiedEmail?: string | null | undefined
  },
): Promise<{ isGuest: boolean }> {
  const { appId, userId, type } = parameters
  const [user] = await tx
    .select({ isGuest: users.isGuest })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId)))
    .for('update')
  if (!user) throw new FoyerHttpError('missing_or_invalid_token', 'Missing or invalid token')
  // A guest who upgrades becomes a full user: the account it links must pass the allow-list (I.55).
  if (user.isGuest) await assertAllowListed(tx, accountKinds, parameters)
  const limit = accountKinds.get(type)?.linkLimit ?? 1
  const owned = await tx
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.type, type)))
    .limit(limit)
  if (owned.length >= limit) throw new FoyerHttpError('cannot_link_more_of_type', cannotLinkMoreMessage(type))
  return user
}

/** A guest that linked an account becomes a full user: `is_guest` false, its guest credential removed. */
export async function finishGuestUpgrade(tx: Transaction, userId: string): Promise<void> {
  await tx.update(users).set({ isGuest: false }).where(eq(users.id, userId))
  await tx
    .delete(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.type, 'guest')))
}

/**
 * Unlinks the account (type, subject) from `userId` (docs/api.md `…/unlink`). Throws 404 `not_found` when
 * the user has no such account, and 400 `cannot_unlink_sole_account` when it is the user's only linked
 * account (the user could no longer sign in). Unlinks of one user take turns on its row (`FOR UPDATE`), so
 * two racing unlinks cannot remove both of a user's last two accounts.
 */
export async function unlinkAccount(
  db: FoyerDatabase,
  parameters: { appId: string; userId: string; type: AccountType; subject: string },
): Promise<void> {
  const { appId, userId, type, subject } = parameters
  return db.orm.transaction(async (tx) => {
    // Serialize unlinks of one user on its row.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const accounts = await tx
      .select({ id: linkedAccounts.id, type: linkedAccounts.type, subject: linkedAccounts.subject })
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.appId, appId), eq(linkedAccounts.userId, userId)))
    const target = accounts.find((account) => account.type === type && account.subject === subject)
    if (!target)
      throw new FoyerHttpError('not_found', `No ${type} account ${subject} is linked to this user.`)
    if (accounts.length === 1)
      throw new FoyerHttpError('cannot_unlink_sole_account', 'Cannot unlink the only account of a user.')
    await tx.delete(linkedAccounts).where(eq(linkedAccounts.id, target.id))
  })
}

/** True for a PostgreSQL unique violation (SQLSTATE 23505), also when wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * Replaces the user's linked account `oldSubject` of `type` by the proven `newSubject` (docs/api.md
 * `passwordless/update`, `passwordless_sms/update`; docs/limits.md: updating needs one already linked),
 * keeping the account's first-verified time and bumping the others, in one transaction that locks the user.
 * Throws 404 `not_found` (`notFound`) when the user has no such account, and 400 `linked_to_another_user`
 * when another user holds `newSubject` (UNIQUE (app, type, subject), so a racing link cannot also win).
 *
 * @example await replaceAccountSubject(context.db, { appId, userId, type: 'email', oldSubject, newSubject, now, notFound })
 */
export async function replaceAccountSubject(
  db: FoyerDatabase,
  parameters: {
    appId: string
    userId: string
    type: AccountType
    oldSubject: string
    newSubject: string
    now: Date
    notFound: string
  },
): Promise<void> {
  const { appId, userId, type, oldSubject, newSubject, now } = parameters
  const takenError = () =>
    new FoyerHttpError('linked_to_another_user', 'This account has already been linked to another user.')
  try {
    await db.orm.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
      const [taken] = await tx
        .select({ userId: linkedAccounts.userId })
        .from(linkedAccounts)
        .where(
          and(
            eq(linkedAccounts.appId, appId),
            eq(linkedAccounts.type, type),
            eq(linkedAccounts.subject, newSubject),
            ne(linkedAccounts.userId, userId),
          ),
        )
        .limit(1)
      if (taken) throw takenError()
      const updated = await tx
        .update(linkedAccounts)
        .set({ subject: newSubject, verifiedAt: now, latestVerifiedAt: now })
        .where(
          and(
            eq(linkedAccounts.appId, appId),
            eq(linkedAccounts.userId, userId),
            eq(linkedAccounts.type, type),
            eq(linkedAccounts.subject, oldSubject),
          ),
        )
        .returning({ id: linkedAccounts.id })
      if (updated.length === 0) throw new FoyerHttpError('not_found', parameters.notFound)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw takenError()
    throw error
  }
}
