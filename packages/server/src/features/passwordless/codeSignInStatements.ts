/**
 * The SQL of a sign-in by a one-time code (email or SMS), each one statement: the sign-in that consumes the
 * code and starts the session, the sign-up of a new account, and the retry of a sign-in whose answer was lost
 * (docs/sessions.md#sign-in-retries). `signInWithCode` runs them.
 */
import { defaultAppSettings } from '@foyer/protocol'
import { type SQL, sql } from 'drizzle-orm'
import { preparedStatement } from '../../db/preparedStatement'
import { apps } from '../apps/schema'
import { refreshTokens, sessions } from '../sessions/schema'
import { linkedAccounts, users } from '../users/schema'
import { type UserJsonRow, userJsonSql } from '../users/userJson'
import { oneTimeCodes } from './schema'

/**
 * The defaults of the settings {@link codeSignIn} reads to decide whether an app's sign-up is open, for an
 * app whose stored settings lack them: the allow-list flag and the type of the user limit (`'null'`: none).
 */
export const OPEN_SIGN_UP_DEFAULTS = {
  defaultAllowlistEnabled: defaultAppSettings.access_control.allowlist_enabled,
  defaultMaxUsersType: defaultAppSettings.access_control.max_users === null ? 'null' : 'number',
}

const placeholder = (name: string) => sql.placeholder(name)

/** SQL condition on `one_time_codes`: the live login code of (app, destination) (docs/security.md properties 2–4). */
const liveLoginCode = sql`app_id = ${placeholder('appId')} and destination = ${placeholder('destination')}
  and purpose = 'login' and consumed_at is null and expires_at > ${placeholder('now')}::timestamptz
  and attempts < ${placeholder('maxAttempts')}::integer`

/** CTEs `session` and `token`: the new session of the user in `source`(user_id) and its first refresh token. */
function sessionInsertSql(source: SQL): SQL {
  return sql`session as (
    insert into ${sessions} (id, user_id, app_id, created_at, last_used_at, expires_at, forked_from_session_id,
      user_agent)
    select ${placeholder('sessionId')}, user_id, ${placeholder('appId')}, ${placeholder('now')}::timestamptz,
      ${placeholder('now')}::timestamptz, ${placeholder('expiresAt')}::timestamptz, null,
      ${placeholder('userAgent')}::text
    from ${source}
    returning id, user_id
  ), token as (
    insert into ${refreshTokens} (id, session_id, token_hash, parent_id, created_at)
    select ${placeholder('tokenId')}, id, ${placeholder('tokenHash')}, null, ${placeholder('now')}::timestamptz
    from session
    returning session_id
  )`
}

/** What {@link codeSignIn} answers. */
export type CodeSignInRow = {
  /** The live code's row id; null without a live code. */
  code_id: string | null
  /** Whether the live code's HMAC matched; null without a live code. */
  matches: boolean | null
  /** The user who owns the account, if it exists. */
  account_user_id: string | null
  /** The user the session was started for, when the code was consumed. */
  signed_in_user_id: string | null
  /**
   * The app's stored settings, when the code matched, the account does not exist and the app's sign-up
   * is not open (an allow-list, a user limit, or mode `no-signup`): the sign-up checks run in code.
   */
  settings: Record<string, unknown> | null
  /** The user as the wire shows it, read before this statement's changes (null for a user it created). */
  user_json: UserJsonRow | null
}

/**
 * One statement, the sign-in by a code: reads the live login code of (app, destination); a wrong code
 * counts one attempt; a right one is consumed (`UPDATE … WHERE consumed_at IS NULL AND …`: of parallel calls
 * one succeeds, docs/security.md property 4) when the account (app, type, destination) exists, read under a
 * row lock so that a concurrent removal is either seen or waits — its
 * `latest_verified_at` bumped — or when the app's sign-up is open (mode `login-or-sign-up`, no allow-list,
 * no user limit, read from the app's stored settings, missing keys taking the defaults) — the account and
 * the user inserted, as in {@link codeSignUpSql} — together with the insert of the session and its refresh
 * token: all or nothing. The consumed row records the session and the retry key. A right code of an unknown
 * account in an app whose sign-up is not open is left live, and the app's settings returned for the sign-up
 * checks.
 */
export const codeSignIn = preparedStatement<CodeSignInRow>(
  'foyer_code_sign_in',
  sql`
  with code as (
    select id, code_hmac = ${placeholder('codeHmac')} as matches from ${oneTimeCodes}
    where ${liveLoginCode} limit 1
  ), account as (
    -- Locked: an account removed by a transaction that commits first is not seen, so the code is never
    -- consumed for an account whose bump then finds nothing.
    select user_id from ${linkedAccounts}
    where app_id = ${placeholder('appId')} and type = ${placeholder('type')}
      and subject = ${placeholder('destination')}
    for update
  ), open_sign_up as (
    -- Open only when the stored access control says so in well-formed JSON (an object whose flag is JSON
    -- false and whose limit is JSON null, or keys absent with such defaults): anything else goes to the
    -- sign-up checks, which refuse what they cannot read.
    select 1 from ${apps} where id = ${placeholder('appId')} and ${placeholder('mayOpenSignUp')}::boolean
      and coalesce(jsonb_typeof(settings->'access_control'), 'object') = 'object'
      and coalesce(settings->'access_control'->'allowlist_enabled',
        to_jsonb(${placeholder('defaultAllowlistEnabled')}::boolean)) = 'false'::jsonb
      and coalesce(jsonb_typeof(settings->'access_control'->'max_users'),
        ${placeholder('defaultMaxUsersType')}::text) = 'null'
  ), wrong as (
    update ${oneTimeCodes} set attempts = attempts + 1
    where id = (select id from code where not matches) and consumed_at is null
    returning id
  ), consumed as (
    update ${oneTimeCodes} set consumed_at = ${placeholder('now')}::timestamptz,
      result_session_id = ${placeholder('sessionId')}, retry_key_hash = ${placeholder('retryKeyHash')}::text
    where id = (select id from code where matches) and code_hmac = ${placeholder('codeHmac')}
      and ${liveLoginCode} and (exists (select 1 from account) or exists (select 1 from open_sign_up))
    returning id
  ), existing as (
    update ${linkedAccounts} set latest_verified_at = ${placeholder('now')}::timestamptz
    where app_id = ${placeholder('appId')} and type = ${placeholder('type')}
      and subject = ${placeholder('destination')} and exists (select 1 from consumed)
    returning user_id
  ), inserted as (
    insert into ${linkedAccounts} (id, app_id, user_id, type, subject, details, verified_at,
      first_verified_at, latest_verified_at, created_at)
    select ${placeholder('accountId')}, ${placeholder('appId')}, ${placeholder('userId')}, ${placeholder('type')},
      ${placeholder('destination')}, '{}'::jsonb, ${placeholder('now')}::timestamptz,
      ${placeholder('now')}::timestamptz, ${placeholder('now')}::timestamptz, ${placeholder('now')}::timestamptz
    from consumed where not exists (select 1 from account)
    on conflict (app_id, type, subject) do update set latest_verified_at = excluded.latest_verified_at
    returning user_id
  ), created as (
    insert into ${users} (id, app_id, created_at, is_guest)
    select user_id, ${placeholder('appId')}, ${placeholder('now')}::timestamptz, false
    from inserted where user_id = ${placeholder('userId')}::varchar
    returning id
  ), signed as (
    select user_id from existing union all select user_id from inserted
  ), ${sessionInsertSql(sql`signed`)}
  select (select id from code) as code_id, (select matches from code) as matches,
    (select user_id from account limit 1) as account_user_id,
    (select session.user_id from session join token on token.session_id = session.id) as signed_in_user_id,
    (select settings from ${apps} where id = ${placeholder('appId')}
      and exists (select 1 from code where matches) and not exists (select 1 from account)
      and not exists (select 1 from open_sign_up)) as settings,
    (select ${userJsonSql(sql`session.user_id`)} from session where exists (select 1 from token)) as user_json`,
)

/** The values of {@link codeSignUpSql}: plain values, or placeholders of the prepared statement. */
export type CodeSignUpValues = Record<
  | 'codeId'
  | 'codeHmac'
  | 'appId'
  | 'destination'
  | 'now'
  | 'maxAttempts'
  | 'retryKeyHash'
  | 'type'
  | 'accountId'
  | 'userId'
  | 'sessionId'
  | 'expiresAt'
  | 'tokenId'
  | 'tokenHash'
  | 'userAgent',
  unknown
>

/**
 * One statement, the sign-up by a code: the code row `codeId` is consumed when it is still live and its
 * HMAC is `codeHmac`; only then is the account (app, type, destination) inserted with the proposed user id
 * — or, when a concurrent sign-up just inserted it, its `latest_verified_at` bumped — the user row inserted
 * when the account got the proposed id, and the session and its refresh token inserted for the account's
 * user. All or nothing; answers the account's `user_id`, or no row when the code was not consumed.
 */
export function codeSignUpSql(values: CodeSignUpValues): SQL {
  return sql`
  with consumed as (
    update ${oneTimeCodes} set consumed_at = ${values.now}::timestamptz,
      result_session_id = ${values.sessionId}, retry_key_hash = ${values.retryKeyHash}::text
    where id = ${values.codeId} and code_hmac = ${values.codeHmac} and app_id = ${values.appId}
      and destination = ${values.destination} and purpose = 'login' and consumed_at is null
      and expires_at > ${values.now}::timestamptz and attempts < ${values.maxAttempts}::integer
    returning id
  ), account as (
    insert into ${linkedAccounts} (id, app_id, user_id, type, subject, details, verified_at,
      first_verified_at, latest_verified_at, created_at)
    select ${values.accountId}, ${values.appId}, ${values.userId}, ${values.type}, ${values.destination},
      '{}'::jsonb, ${values.now}::timestamptz, ${values.now}::timestamptz, ${values.now}::timestamptz,
      ${values.now}::timestamptz
    from consumed
    on conflict (app_id, type, subject) do update set latest_verified_at = excluded.latest_verified_at
    returning user_id
  ), created as (
    insert into ${users} (id, app_id, created_at, is_guest)
    select user_id, ${values.appId}, ${values.now}::timestamptz, false
    from account where user_id = ${values.userId}::varchar
    returning id
  ), session as (
    insert into ${sessions} (id, user_id, app_id, created_at, last_used_at, expires_at, forked_from_session_id,
      user_agent)
    select ${values.sessionId}, user_id, ${values.appId}, ${values.now}::timestamptz,
      ${values.now}::timestamptz, ${values.expiresAt}::timestamptz, null, ${values.userAgent}::text
    from account
    returning id, user_id
  ), token as (
    insert into ${refreshTokens} (id, session_id, token_hash, parent_id, created_at)
    select ${values.tokenId}, id, ${values.tokenHash}, null, ${values.now}::timestamptz from session
    returning session_id
  )
  select session.user_id from session join token on token.session_id = session.id`
}

export const codeSignUp = preparedStatement<{ user_id: string }>(
  'foyer_code_sign_up',
  codeSignUpSql({
    codeId: placeholder('codeId'),
    codeHmac: placeholder('codeHmac'),
    appId: placeholder('appId'),
    destination: placeholder('destination'),
    now: placeholder('now'),
    maxAttempts: placeholder('maxAttempts'),
    retryKeyHash: placeholder('retryKeyHash'),
    type: placeholder('type'),
    accountId: placeholder('accountId'),
    userId: placeholder('userId'),
    sessionId: placeholder('sessionId'),
    expiresAt: placeholder('expiresAt'),
    tokenId: placeholder('tokenId'),
    tokenHash: placeholder('tokenHash'),
    userAgent: placeholder('userAgent'),
  }),
)

/**
 * One statement, the retry of a code sign-in whose answer was lost: the login code of (app, destination)
 * consumed within {@link SIGN_IN_RETRY_WINDOW_MS}, whose HMAC is `codeHmac` and whose retry key hash is
 * `retryKeyHash`, and whose recorded session is still live, gets a new session for that session's user;
 * the recorded one (whose tokens the caller never received) is revoked and the new one recorded in its
 * place, only when this statement revoked it (a logout that came first wins). `is_new_user` repeats the first answer's: the user was created by the consume (same time). No row
 * otherwise.
 */
export const codeSignInRetry = preparedStatement<{
  user_id: string
  is_new_user: boolean
  user_json: UserJsonRow | null
}>(
  'foyer_code_sign_in_retry',
  sql`
  with prior as (
    select c.id, c.result_session_id, s.user_id, u.created_at = c.consumed_at as is_new_user
    from ${oneTimeCodes} c
    join ${sessions} s on s.id = c.result_session_id
    join ${users} u on u.id = s.user_id
    where c.app_id = ${placeholder('appId')} and c.destination = ${placeholder('destination')}
      and c.purpose = 'login' and c.consumed_at > ${placeholder('windowStart')}::timestamptz
      and c.code_hmac = ${placeholder('codeHmac')} and c.retry_key_hash = ${placeholder('retryKeyHash')}
      and s.revoked_at is null
    -- The session locked too: a logout that commits first leaves no prior, so no session is minted.
    for update of c, s
  ), moved as (
    update ${oneTimeCodes} c set result_session_id = ${placeholder('sessionId')}
    from prior where c.id = prior.id
    returning prior.user_id, prior.is_new_user, prior.result_session_id as previous_session_id
  ), revoked as (
    update ${sessions} set revoked_at = ${placeholder('now')}::timestamptz
    where id = (select previous_session_id from moved) and revoked_at is null
    returning id
  ), ${sessionInsertSql(sql`(select user_id from moved where exists (select 1 from revoked)) as replaced`)}
  select session.user_id, (select is_new_user from moved) as is_new_user,
    ${userJsonSql(sql`session.user_id`)} as user_json
  from session join token on token.session_id = session.id`,
)
