/**
 * The SQL statements of a sign-in by account: the sign-in of an existing account, and the upsert that
 * creates a new user with its first account (plain, or prepared for sign-ups outside a transaction).
 */
import { type SQL, sql } from 'drizzle-orm'
import { preparedStatement } from '../../db/preparedStatement'
import { apps } from '../apps/schema'
import { linkedAccounts, users } from './schema'

/** The values of {@link upsertAccountSql}: plain values, or `sql.placeholder`s of a prepared statement. */
export type UpsertAccountValues = Record<
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
export function upsertAccountSql(values: UpsertAccountValues): SQL {
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
export const upsertAccount = preparedStatement<{ user_id: string }>(
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
export type SignInExistingValues = Record<'appId' | 'type' | 'subject' | 'details' | 'at', unknown>

/**
 * One statement: the sign-in of an existing account (its `latest_verified_at` bumped, `details` merged)
 * → its `user_id`; otherwise (`user_id` null) the app's stored `settings` for the sign-up checks (null
 * when there is no such app).
 */
export function signInExistingSql(values: SignInExistingValues): SQL {
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
export type SignInExistingRow = { user_id: string | null; settings: Record<string, unknown> | null }

/** {@link signInExistingSql} as a prepared statement. */
export const signInExisting = preparedStatement<SignInExistingRow>(
  'foyer_sign_in_existing_account',
  signInExistingSql({
    appId: sql.placeholder('appId'),
    type: sql.placeholder('type'),
    subject: sql.placeholder('subject'),
    details: sql.placeholder('details'),
    at: sql.placeholder('at'),
  }),
)
