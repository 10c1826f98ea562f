/**
 * Signing in by a one-time code (email or SMS): the code's consume, the user's sign-in or sign-up and the
 * new session in one atomic statement, and the retry of a sign-in whose answer was lost
 * (docs/sessions.md#sign-in-retries).
 */
import {
  type AuthMode,
  type AuthResponse,
  CODE_MAX_ATTEMPTS,
  defaultAppSettings,
  headers,
  SESSION_ABSOLUTE_TTL_SECONDS,
} from '@foyer/protocol'
import { type SQL, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { randomId } from '../../crypto/randomId'
import { sha256Hex } from '../../crypto/sha256Hex'
import { preparedStatement } from '../../db/preparedStatement'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import type { ServerContext } from '../../ServerContext'
import { apps } from '../apps/schema'
import type { LoadedApp } from '../apps/service'
import { IDEMPOTENCY_WINDOW_MS } from '../idempotency/installIdempotency'
import { buildAuthResponse } from '../sessions/authResponse'
import { newRefreshToken } from '../sessions/newRefreshToken'
import { refreshTokens, sessions } from '../sessions/schema'
import { capLiveSessions } from '../sessions/startSession'
import { assertUnderUserLimit, lockUserLimit } from '../users/accessControl'
import { linkedAccounts, users } from '../users/schema'
import { assertMaySignUp } from '../users/signIn'
import { toUserJson, type UserJsonRow, userJsonSql } from '../users/userJson'
import { oneTimeCodes } from './schema'
import { codeHmac, INVALID_CODE_MESSAGE } from './service'

/**
 * How long after its consume a login code's result can be found again by a retry of the same call, in ms:
 * the idempotency window, which outlasts a client's attempts (docs/api.md#retries).
 */
export const SIGN_IN_RETRY_WINDOW_MS = IDEMPOTENCY_WINDOW_MS

/**
 * The request's `Idempotency-Key` (validated by the idempotency hook, docs/api.md#retries), the proof that a
 * later attempt is a retry of the same call; undefined without one.
 */
export function retryKey(request: FastifyRequest): string | undefined {
  const key = request.headers[headers.idempotencyKey]
  return typeof key === 'string' ? key : undefined
}

/**
 * The defaults of the settings {@link codeSignIn} reads to decide whether an app's sign-up is open, for an
 * app whose stored settings lack them: the allow-list flag and the type of the user limit (`'null'`: none).
 */
const OPEN_SIGN_UP_DEFAULTS = {
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
    insert into ${sessions} (id, user_id, app_id, created_at, last_used_at, expires_at, forked_from_session_id)
    select ${placeholder('sessionId')}, user_id, ${placeholder('appId')}, ${placeholder('now')}::timestamptz,
      ${placeholder('now')}::timestamptz, ${placeholder('expiresAt')}::timestamptz, null
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
type CodeSignInRow = {
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
 * one succeeds, docs/security.md property 4) when the account (app, type, destination) exists — its
 * `latest_verified_at` bumped — or when the app's sign-up is open (mode `login-or-sign-up`, no allow-list,
 * no user limit, read from the app's stored settings, missing keys taking the defaults) — the account and
 * the user inserted, as in {@link codeSignUpSql} — together with the insert of the session and its refresh
 * token: all or nothing. The consumed row records the session and the retry key. A right code of an unknown
 * account in an app whose sign-up is not open is left live, and the app's settings returned for the sign-up
 * checks.
 */
const codeSignIn = preparedStatement<CodeSignInRow>(
  'foyer_code_sign_in',
  sql`
  with code as (
    select id, code_hmac = ${placeholder('codeHmac')} as matches from ${oneTimeCodes}
    where ${liveLoginCode} limit 1
  ), account as (
    select user_id from ${linkedAccounts}
    where app_id = ${placeholder('appId')} and type = ${placeholder('type')}
      and subject = ${placeholder('destination')}
  ), open_sign_up as (
    select 1 from ${apps} where id = ${placeholder('appId')} and ${placeholder('mayOpenSignUp')}::boolean
      and not coalesce((settings->'access_control'->>'allowlist_enabled')::boolean,
        ${placeholder('defaultAllowlistEnabled')}::boolean)
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
type CodeSignUpValues = Record<
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
  | 'tokenHash',
  unknown
>

/**
 * One statement, the sign-up by a code: the code row `codeId` is consumed when it is still live and its
 * HMAC is `codeHmac`; only then is the account (app, type, destination) inserted with the proposed user id
 * — or, when a concurrent sign-up just inserted it, its `latest_verified_at` bumped — the user row inserted
 * when the account got the proposed id, and the session and its refresh token inserted for the account's
 * user. All or nothing; answers the account's `user_id`, or no row when the code was not consumed.
 */
function codeSignUpSql(values: CodeSignUpValues): SQL {
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
    insert into ${sessions} (id, user_id, app_id, created_at, last_used_at, expires_at, forked_from_session_id)
    select ${values.sessionId}, user_id, ${values.appId}, ${values.now}::timestamptz,
      ${values.now}::timestamptz, ${values.expiresAt}::timestamptz, null
    from account
    returning id, user_id
  ), token as (
    insert into ${refreshTokens} (id, session_id, token_hash, parent_id, created_at)
    select ${values.tokenId}, id, ${values.tokenHash}, null, ${values.now}::timestamptz from session
    returning session_id
  )
  select session.user_id from session join token on token.session_id = session.id`
}

const codeSignUp = preparedStatement<{ user_id: string }>(
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
  }),
)

/**
 * One statement, the retry of a code sign-in whose answer was lost: the login code of (app, destination)
 * consumed within {@link SIGN_IN_RETRY_WINDOW_MS}, whose HMAC is `codeHmac` and whose retry key hash is
 * `retryKeyHash`, and whose recorded session is still live, gets a new session for that session's user;
 * the recorded one (whose tokens the caller never received) is revoked and the new one recorded in its
 * place. `is_new_user` repeats the first answer's: the user was created by the consume (same time). No row
 * otherwise.
 */
const codeSignInRetry = preparedStatement<{
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
    for update of c
  ), moved as (
    update ${oneTimeCodes} c set result_session_id = ${placeholder('sessionId')}
    from prior where c.id = prior.id
    returning prior.user_id, prior.is_new_user, prior.result_session_id as previous_session_id
  ), revoked as (
    update ${sessions} set revoked_at = ${placeholder('now')}::timestamptz
    where id = (select previous_session_id from moved) and revoked_at is null
    returning id
  ), ${sessionInsertSql(sql`moved`)}
  select session.user_id, (select is_new_user from moved) as is_new_user,
    ${userJsonSql(sql`session.user_id`)} as user_json
  from session join token on token.session_id = session.id`,
)

export type SignInWithCodeParameters = {
  /** The account type the destination is: 'email' (a canonical address) or 'phone' (E.164). */
  type: 'email' | 'phone'
  destination: string
  code: string
  mode: AuthMode
  /**
   * The request's `Idempotency-Key` (docs/api.md#retries), the same in every attempt of one call and known
   * only to its caller; without it a retry after the consume finds the code used.
   */
  retryKey?: string | undefined
}

/**
 * Signs in the owner of `destination` by the login code sent there (docs/api.md `passwordless/authenticate`,
 * `passwordless_sms/authenticate`) and answers the auth response with a new session:
 * - an existing account: one statement consumes the code, bumps the account and inserts the session
 *   ({@link codeSignIn}), then the user's live sessions are capped (docs/sessions.md#live-session-cap);
 * - a new account in an app whose sign-up is open (mode `login-or-sign-up`, no allow-list, no user limit):
 *   the same statement inserts the account and the user instead;
 * - a new account otherwise: after the sign-up rules (mode, allow-list; {@link assertMaySignUp}), one
 *   statement consumes the code and inserts the account, the user and the session ({@link codeSignUpSql});
 *   with a user limit it runs in a transaction under the app's limit lock, after the count;
 * - a code already consumed by this very call (same code, same `retryKey`, within
 *   {@link SIGN_IN_RETRY_WINDOW_MS}): a new session for the same user, the first revoked
 *   (docs/sessions.md#sign-in-retries).
 * A failure anywhere before the statement's end leaves the code unused. Throws 401 `invalid_credentials`
 * for a wrong, expired, used or dead code (a wrong code counts one attempt), 404 `user_does_not_exist` in
 * mode `no-signup` for an unknown account (the code stays usable), 404 `not_found`, 403
 * `allowlist_rejected`, 403 `max_accounts_reached`.
 */
export async function signInWithCode(
  context: ServerContext,
  app: LoadedApp,
  parameters: SignInWithCodeParameters,
): Promise<AuthResponse> {
  const { type, destination } = parameters
  const nowMs = context.now()
  const now = new Date(nowMs).toISOString()
  const refreshToken = newRefreshToken()
  const sessionId = randomId(25)
  const hmac = codeHmac(context.masterKey, {
    appId: app.id,
    purpose: 'login',
    destination,
    code: parameters.code,
  })
  const retryKeyHash = parameters.retryKey === undefined ? null : sha256Hex(parameters.retryKey)
  const values = {
    appId: app.id,
    type,
    destination,
    codeHmac: hmac,
    now,
    maxAttempts: CODE_MAX_ATTEMPTS,
    retryKeyHash,
    sessionId,
    expiresAt: new Date(nowMs + SESSION_ABSOLUTE_TTL_SECONDS * 1000).toISOString(),
    tokenId: randomId(25),
    tokenHash: sha256Hex(refreshToken),
    accountId: randomId(25),
    userId: randomId(25),
    mayOpenSignUp: parameters.mode === 'login-or-sign-up',
    ...OPEN_SIGN_UP_DEFAULTS,
  }
  const respond = (userId: string, isNewUser: boolean, row: UserJsonRow | null) =>
    buildAuthResponse(context, app, {
      sessionId,
      userId,
      refreshToken,
      isNewUser,
      user: row ? toUserJson(context.accountKinds, row) : null,
    })
  const invalid = () => new FoyerHttpError('invalid_credentials', INVALID_CODE_MESSAGE)
  /** A retry of this call after its consume, else 401. */
  const retried = async () => {
    if (retryKeyHash === null) throw invalid()
    const [row] = await codeSignInRetry(context.db, {
      ...values,
      windowStart: new Date(nowMs - SIGN_IN_RETRY_WINDOW_MS).toISOString(),
    })
    if (!row) throw invalid()
    return respond(row.user_id, row.is_new_user, row.user_json)
  }

  const [found] = await codeSignIn(context.db, values)
  if (!found || found.matches === null) return retried()
  if (!found.matches) throw invalid()
  const signedUp = async (userId: string | undefined) => {
    if (!userId) return retried()
    const isNewUser = userId === values.userId
    if (isNewUser) return respond(userId, true, newUserJson(values, nowMs))
    // A concurrent sign-up of this account committed first: a sign-in of that user, under the cap.
    await capLiveSessions(context, app, { userId, nowMs })
    return respond(userId, false, null)
  }
  // An open sign-up, done by the statement.
  if (found.signed_in_user_id !== null && found.account_user_id === null)
    return signedUp(found.signed_in_user_id)
  if (found.signed_in_user_id !== null && found.account_user_id !== null) {
    const userId = found.account_user_id
    await capLiveSessions(context, app, { userId, nowMs })
    // The statement read the user before its own bump of the account's latest verification.
    const json = found.user_json
    const row = json && {
      ...json,
      accounts: json.accounts.map((account) =>
        account.type === type && account.subject === destination
          ? { ...account, latest_verified_s: Math.floor(nowMs / 1000) }
          : account,
      ),
    }
    return respond(userId, false, row)
  }
  // The account exists, or the sign-up was open, but the code was consumed meanwhile: a parallel attempt,
  // perhaps of this call.
  if (found.account_user_id !== null || (values.mayOpenSignUp && found.settings === null)) return retried()

  // A sign-up (docs/security.md property 55).
  const access = assertMaySignUp(
    context,
    { type, subject: destination, mode: parameters.mode },
    found.settings,
  )
  const proposed = { ...values, codeId: found.code_id }
  const { max_users: maxUsers } = access
  if (maxUsers === null) return signedUp((await codeSignUp(context.db, proposed))[0]?.user_id)
  const userId = await context.db.orm.transaction(async (tx) => {
    await lockUserLimit(tx, app.id)
    // Under the limit lock, a concurrent sign-up of this very account may have committed meanwhile: then
    // it is a sign-in, not counted against the limit.
    const [raced] = await tx
      .select({ userId: linkedAccounts.userId })
      .from(linkedAccounts)
      .where(sql`app_id = ${app.id} and type = ${type} and subject = ${destination}`)
    if (!raced) await assertUnderUserLimit(tx, app.id, maxUsers)
    const result = (await tx.execute(codeSignUpSql(proposed))) as unknown as { rows: { user_id: string }[] }
    return result.rows[0]?.user_id
  })
  return signedUp(userId)
}

/**
 * The wire row of a user this call just created: its one account, no wallets, no second factor. The
 * creating statement cannot read its own inserts, so the row is built from the values it inserted.
 */
function newUserJson(
  values: { userId: string; type: string; destination: string },
  nowMs: number,
): UserJsonRow {
  const seconds = Math.floor(nowMs / 1000)
  return {
    id: values.userId,
    created_s: seconds,
    has_accepted_terms: false,
    is_guest: false,
    accounts: [
      {
        type: values.type,
        subject: values.destination,
        verified_s: seconds,
        first_verified_s: seconds,
        latest_verified_s: seconds,
        created_ms: nowMs,
        details: {},
      },
    ],
    wallets: [],
    mfa: [],
  }
}
