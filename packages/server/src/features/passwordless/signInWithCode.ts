/**
 * Signing in by a one-time code (email or SMS): the code's consume, the user's sign-in or sign-up and the
 * new session in one atomic statement, and the retry of a sign-in whose answer was lost
 * (docs/sessions.md#sign-in-retries).
 */
import {
  type AuthMode,
  type AuthResponse,
  CODE_MAX_ATTEMPTS,
  headers,
  SESSION_ABSOLUTE_TTL_SECONDS,
} from '@foyer/protocol'
import { sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { randomId } from '../../crypto/randomId'
import { sha256Hex } from '../../crypto/sha256Hex'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { IDEMPOTENCY_WINDOW_MS } from '../idempotency/installIdempotency'
import { buildAuthResponse } from '../sessions/authResponse'
import { deliverAuthResponse } from '../sessions/deliverAuthResponse'
import { newRefreshToken } from '../sessions/newRefreshToken'
import { capLiveSessions, storedUserAgent } from '../sessions/startSession'
import { assertUnderUserLimit, lockUserLimit } from '../users/accessControl'
import { linkedAccounts } from '../users/schema'
import { assertMaySignUp } from '../users/signIn'
import { toUserJson, type UserJsonRow } from '../users/userJson'
import {
  codeSignIn,
  codeSignInRetry,
  codeSignUp,
  codeSignUpSql,
  OPEN_SIGN_UP_DEFAULTS,
} from './codeSignInStatements'
import { codeHmac } from './service'

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
 * The answer of a code sign-in route (`passwordless/authenticate`, `passwordless_sms/authenticate`): signs in
 * the owner of `account.destination` with the body's `code` and `mode` (default `login-or-sign-up`) and the
 * request's retry key ({@link signInWithCode}: the code's consume and the session are one statement, and a
 * retry of this call finds its result, docs/sessions.md#sign-in-retries), then delivers the auth response
 * (its tokens in cookies in server-cookie mode).
 */
export async function answerCodeSignIn(
  context: ServerContext,
  request: FastifyRequest & { body: { code: string; mode?: AuthMode | undefined } },
  reply: FastifyReply,
  app: LoadedApp,
  account: Pick<SignInWithCodeParameters, 'type' | 'destination'>,
): Promise<AuthResponse> {
  const response = await signInWithCode(context, app, {
    ...account,
    code: request.body.code,
    mode: request.body.mode ?? 'login-or-sign-up',
    retryKey: retryKey(request),
    userAgent: request.headers['user-agent'],
  })
  return deliverAuthResponse(context, request, reply, app, response)
}

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
  /** The caller's `User-Agent` header, kept as the new session's device (docs/console.md#users). */
  userAgent?: string | undefined
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
    userAgent: storedUserAgent(parameters.userAgent),
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
  const invalid = () => foyerError('invalidVerificationCode')
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
    // The session's user: the account's owner when the statement bumped it (an account transferred meanwhile
    // has its new owner here, the one the session and user_json are of).
    const userId = found.signed_in_user_id
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
