import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COOLDOWN_SECONDS,
  CODE_TTL_SECONDS,
} from '@foyer/protocol'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { deriveKey } from '../../crypto/deriveKey'
import { randomId } from '../../crypto/randomId'
import { preparedStatement } from '../../db/preparedStatement'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { renderLoginCodeEmail } from '../mail/renderLoginCodeEmail'
import { oneTimeCodes } from './schema'

/**
 * What a code proves: 'login' (requested without a session) or 'link' (requested with the session of the
 * user who links the address). A code never serves another purpose (docs/security.md property 6).
 */
export type CodePurpose = 'login' | 'link'
/**
 * What a code is sent for: a {@link CodePurpose}, or an MFA code ('mfa_enroll', 'mfa_verify'), checked
 * against the session's MFA challenge, whose `one_time_codes` row only times the resend cooldown of its
 * number for that purpose (never consumed here).
 */
export type CodeSendPurpose = CodePurpose | 'mfa_enroll' | 'mfa_verify'

/** Canonical form of an email address: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Throws 403 `disallowed_login_method` 'Login with email not allowed.' unless the app has `email_auth` on. */
export function assertEmailEnabled(app: LoadedApp): void {
  if (!app.settings.email_auth) throw foyerError('emailLoginNotAllowed')
}

/** Throws 422 `disallowed_plus_email` when the app disables plus addressing and `email` has a '+' local part. */
export function assertEmailAllowed(app: LoadedApp, email: string): void {
  const local = email.slice(0, email.lastIndexOf('@'))
  if (app.settings.disable_plus_emails && local.includes('+')) throw foyerError('plusEmailDisallowed')
}

/** A 6-digit code from the CSPRNG (`crypto.randomInt`, docs/security.md property 1), zero-padded. */
export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0')
}

/**
 * HMAC-SHA256 (hex) of a code bound to its app, purpose and destination, keyed by an HKDF sub-key of the
 * master key (docs/security.md properties 6, 7): the code itself is never stored.
 */
export function codeHmac(
  masterKey: Uint8Array,
  parameters: { appId: string; purpose: CodeSendPurpose; destination: string; code: string },
): string {
  return createHmac('sha256', deriveKey(masterKey, 'one-time-code-hmac'))
    .update([parameters.appId, parameters.purpose, parameters.destination, parameters.code].join('\n'))
    .digest('hex')
}

/**
 * The code row of (app, destination, purpose) written — inserted, or replaced (new id and HMAC, attempts
 * reset, not consumed) when its code was sent at or before `cooldownStart` or was used — in one statement; no
 * row within the cooldown of an unused code.
 */
const upsertCode = preparedStatement<{ id: string }>(
  'foyer_upsert_one_time_code',
  sql`
  insert into ${oneTimeCodes} (id, app_id, destination, purpose, code_hmac, created_at, expires_at,
    attempts, consumed_at)
  values (${sql.placeholder('id')}, ${sql.placeholder('appId')}, ${sql.placeholder('destination')},
    ${sql.placeholder('purpose')}, ${sql.placeholder('codeHmac')}, ${sql.placeholder('createdAt')}::timestamptz,
    ${sql.placeholder('expiresAt')}::timestamptz, 0, null)
  on conflict (app_id, destination, purpose) do update set id = excluded.id, code_hmac = excluded.code_hmac,
    created_at = excluded.created_at, expires_at = excluded.expires_at, attempts = 0, consumed_at = null,
    result_session_id = null, retry_key_hash = null
  where ${oneTimeCodes}.created_at <= ${sql.placeholder('cooldownStart')}::timestamptz
    or ${oneTimeCodes}.consumed_at is not null
  returning id`,
)

/**
 * Issues a one-time code for `destination` (a canonical email address or E.164 phone number) and hands it
 * to `deliver`. The code row is replaced atomically by `INSERT … ON CONFLICT (app, destination, purpose) DO
 * UPDATE … WHERE sent ≥ 30 s ago OR used`, so a resend invalidates the previous code (security property 5) and the cooldown
 * holds under concurrency (security property 8); a used code holds no cooldown (signing out and in again at once gets a new
 * code; only whoever received the last code can use it, so this opens no way to flood an address). Never looks up the user, so known and unknown destinations get the same answer
 * (security property 9). When `deliver` throws, the row is deleted (the unsent code is dead and the cooldown released, so
 * the user can retry at once) and the error is rethrown as is.
 * Throws 429 `too_many_requests` within the cooldown, with `Retry-After`: the seconds left of it.
 */
export async function issueCode(
  context: ServerContext,
  app: LoadedApp,
  parameters: { destination: string; purpose: CodeSendPurpose; deliver: (code: string) => Promise<void> },
): Promise<void> {
  const { destination, purpose } = parameters
  const nowMs = context.now()
  const code = generateCode()
  const id = randomId(25)
  const written = await upsertCode(context.db, {
    id,
    appId: app.id,
    destination,
    purpose,
    codeHmac: codeHmac(context.masterKey, { appId: app.id, purpose, destination, code }),
    createdAt: new Date(nowMs).toISOString(),
    expiresAt: new Date(nowMs + CODE_TTL_SECONDS * 1000).toISOString(),
    cooldownStart: new Date(nowMs - CODE_RESEND_COOLDOWN_SECONDS * 1000).toISOString(),
  })
  if (written.length === 0) {
    const error = foyerError('codeResendCooldown')
    // Retry-After: the rest of the cooldown of the code sent last (docs/sessions.md#resend-cooldown).
    const [sent] = await context.db.orm
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.appId, app.id),
          eq(oneTimeCodes.destination, destination),
          eq(oneTimeCodes.purpose, purpose),
        ),
      )
    const endsMs = (sent?.createdAt.getTime() ?? nowMs) + CODE_RESEND_COOLDOWN_SECONDS * 1000
    error.retryAfterSeconds = Math.max(1, Math.ceil((endsMs - nowMs) / 1000))
    throw error
  }
  try {
    await parameters.deliver(code)
  } catch (error) {
    await context.db.orm.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id))
    throw error
  }
}

/**
 * Issues a login code for `email` and mails it (docs/api.md `passwordless/init`; see {@link issueCode}).
 * Throws 422 `disallowed_plus_email`, 429 `too_many_requests`, 500 `internal_error` when mail fails.
 */
export async function sendLoginCode(
  context: ServerContext,
  app: LoadedApp,
  rawEmail: string,
  purpose: CodePurpose = 'login',
): Promise<void> {
  const email = normalizeEmail(rawEmail)
  assertEmailAllowed(app, email)
  await issueCode(context, app, {
    destination: email,
    purpose,
    deliver: async (code) => {
      const mail = renderLoginCodeEmail({
        appName: app.name,
        code,
        ttlMinutes: Math.round(CODE_TTL_SECONDS / 60),
      })
      try {
        await context.mailer.send({ to: email, ...mail, code })
      } catch (error) {
        context.log.error({ err: error }, 'sending the login code email failed')
        throw foyerError('codeNotSent')
      }
    },
  })
}

/**
 * Checks and consumes the code of `email` for `purpose` (default 'login') (docs/api.md
 * `passwordless/authenticate`); see {@link consumeCode}.
 */
export async function consumeLoginCode(
  context: ServerContext,
  app: LoadedApp,
  parameters: { email: string; code: string; purpose?: CodePurpose },
): Promise<void> {
  await consumeCode(context, app, {
    destination: normalizeEmail(parameters.email),
    code: parameters.code,
    purpose: parameters.purpose ?? 'login',
  })
}

/**
 * SQL condition: the code row is the live code of (app, destination, purpose) — not consumed, not expired,
 * fewer than `maxAttempts` wrong attempts (docs/security.md properties 2–4).
 */
const liveCodeCondition = sql`${oneTimeCodes.appId} = ${sql.placeholder('appId')}
  and ${oneTimeCodes.destination} = ${sql.placeholder('destination')}
  and ${oneTimeCodes.purpose} = ${sql.placeholder('purpose')} and ${oneTimeCodes.consumedAt} is null
  and ${oneTimeCodes.expiresAt} > ${sql.placeholder('now')}::timestamptz
  and ${oneTimeCodes.attempts} < ${sql.placeholder('maxAttempts')}::integer`

/** The live code row of (app, destination, purpose), if any: its id and HMAC. */
const findLiveCode = preparedStatement<{ id: string; code_hmac: string }>(
  'foyer_find_live_one_time_code',
  sql`select id, code_hmac from ${oneTimeCodes} where ${liveCodeCondition} limit 1`,
)

/** Consumes the code row `id` when it is still live and its HMAC is `codeHmac`; returns it, or no row. */
const consumeLiveCode = preparedStatement<{ id: string }>(
  'foyer_consume_one_time_code',
  sql`update ${oneTimeCodes} set consumed_at = ${sql.placeholder('now')}::timestamptz
  where ${oneTimeCodes.id} = ${sql.placeholder('id')}
    and ${oneTimeCodes.codeHmac} = ${sql.placeholder('codeHmac')} and ${liveCodeCondition}
  returning id`,
)

/**
 * Checks and consumes the code of `destination` (canonical email or E.164 number) for `purpose`:
 * 1. the live code row of (app, destination, purpose) must exist: not consumed, not expired (≤ 10 min,
 *    security property 2), fewer than 5 wrong attempts (security property 3);
 * 2. its HMAC must equal the HMAC of `code`, compared in constant time (security property 7); a mismatch counts one attempt;
 * 3. it is consumed by one atomic `UPDATE … WHERE consumed_at IS NULL AND expires_at > now AND attempts < 5
 *    AND code_hmac = … RETURNING`, so of many parallel calls exactly one succeeds (security property 4).
 * Throws 401 `invalid_credentials` 'Invalid or expired verification code' otherwise.
 */
export async function consumeCode(
  context: ServerContext,
  app: LoadedApp,
  parameters: { destination: string; code: string; purpose: CodePurpose },
): Promise<void> {
  const { destination, purpose } = parameters
  const now = new Date(context.now())
  const expected = codeHmac(context.masterKey, {
    appId: app.id,
    purpose,
    destination,
    code: parameters.code,
  })
  const invalid = () => foyerError('invalidVerificationCode')
  const live = {
    appId: app.id,
    destination,
    purpose,
    now: now.toISOString(),
    maxAttempts: CODE_MAX_ATTEMPTS,
  }

  // 1. The live code.
  const [row] = await findLiveCode(context.db, live)
  if (!row) throw invalid()

  // 2. Constant-time comparison; a wrong code burns an attempt of this code.
  const matches = timingSafeEqual(Buffer.from(row.code_hmac, 'hex'), Buffer.from(expected, 'hex'))
  if (!matches) {
    await context.db.orm
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
    throw invalid()
  }

  // 3. Atomic single use.
  const consumed = await consumeLiveCode(context.db, { ...live, id: row.id, codeHmac: expected })
  if (consumed.length === 0) throw invalid()
}
