import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import type { RequireSessionReturnType } from '../sessions/requireSession'
import { users } from '../users/schema'
import { isHostnameAllowed } from './isHostnameAllowed'

/** Longest captcha token accepted, in characters (Turnstile tokens are at most 2048). */
export const CAPTCHA_TOKEN_MAX_LENGTH = 2048

export type VerifyCaptchaParameters = {
  /** The app whose `captcha_secret_key` and allowed origins apply. */
  app: LoadedApp
  /** The token the widget gave the client (the request body's `token`). */
  token: string | undefined
  /** The client's IP, sent as `remoteip`. */
  remoteIp?: string | undefined
  /** Where failures are logged (at warn; never the token or the secret); default `context.log`. */
  log?: FastifyBaseLogger | undefined
}

/** The fields of a siteverify answer that we read. */
type SiteverifyAnswer = { success?: unknown; 'error-codes'?: unknown; hostname?: unknown }

const failed = () => foyerError('captchaCheckFailed')

/**
 * Verifies a Turnstile token with siteverify, failing closed (docs/security.md properties 8, 56: "Captcha
 * verified on the server for every protected call; fails closed on error or timeout"). Checks, in order:
 * 1. a token is present and non-empty → else 400 `invalid_captcha` 'Captcha token missing';
 * 2. it is at most 2048 characters (Turnstile's limit) → else 400 `invalid_captcha` 'Captcha token invalid';
 * 3. the app has a `captcha_secret_key` → else 'Captcha verification failed' (misconfiguration, fail closed);
 * 4. a form-encoded POST to `context.captcha.verifyUrl` (`secret`, `response`, `remoteip`, a random UUID as
 *    `idempotency_key`) answers within `context.captcha.timeoutMs` (AbortSignal.timeout) → else failed
 *    (network error, timeout);
 * 5. the answer is 2xx → else failed;
 * 6. the answer is JSON → else failed;
 * 7. `success === true` → else failed (the error codes are logged at warn);
 * 8. when the answer names a `hostname` and the app lists origins, it is the host of one of them
 *    (`isHostnameAllowed`, the server's origin patterns) → else failed.
 * Every failure after step 2 is 400 `invalid_captcha` 'Captcha verification failed', never a 500. The token
 * and the secret are never logged. Tokens are single use: a token verified once fails the next time.
 *
 * @example await verifyCaptcha(context, { app, token: request.body.token, remoteIp: request.ip })
 */
export async function verifyCaptcha(
  context: ServerContext,
  parameters: VerifyCaptchaParameters,
): Promise<void> {
  const { app, token } = parameters
  const log = (parameters.log ?? context.log).child({ appId: app.id })
  // 1. Nothing to verify (docs/api.md: the init calls carry `token`).
  if (!token) throw foyerError('captchaMissing')
  // 2. Longer than any Turnstile token: not worth a siteverify call.
  if (token.length > CAPTCHA_TOKEN_MAX_LENGTH) throw foyerError('captchaInvalid')
  // 3. Captcha on without a secret is a misconfiguration: fail closed rather than let everyone through.
  const secret = app.settings.captcha_secret_key
  if (!secret) {
    log.warn('captcha enabled without captcha_secret_key: refusing')
    throw failed()
  }
  // 4. Siteverify, bounded in time.
  let response: Response
  try {
    response = await fetch(context.captcha.verifyUrl, {
      method: 'POST',
      body: new URLSearchParams({
        secret,
        response: token,
        ...(parameters.remoteIp ? { remoteip: parameters.remoteIp } : {}),
        idempotency_key: randomUUID(),
      }),
      signal: AbortSignal.timeout(context.captcha.timeoutMs),
    })
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network error'
    log.warn({ reason }, 'captcha siteverify unreachable')
    throw failed()
  }
  // 5. A non-2xx answer is no verdict.
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    log.warn({ status: response.status }, 'captcha siteverify answered an error status')
    throw failed()
  }
  // 6. Nor is anything that is not JSON (the body read is bounded by the same timeout).
  let answer: SiteverifyAnswer
  try {
    const parsed: unknown = await response.json()
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object')
    answer = parsed as SiteverifyAnswer
  } catch {
    log.warn('captcha siteverify answer is not JSON')
    throw failed()
  }
  // 7. The verdict (error codes such as 'invalid-input-response', 'timeout-or-duplicate').
  if (answer.success !== true) {
    const errorCodes = Array.isArray(answer['error-codes'])
      ? answer['error-codes'].filter((code): code is string => typeof code === 'string').slice(0, 10)
      : []
    log.warn({ errorCodes }, 'captcha verification failed')
    throw failed()
  }
  // 8. A token solved on another site is not a token for this app.
  if (typeof answer.hostname === 'string' && answer.hostname && app.allowedOrigins.length > 0) {
    if (!isHostnameAllowed(app.allowedOrigins, answer.hostname)) {
      log.warn({ hostname: answer.hostname.slice(0, 253) }, 'captcha solved on a host the app does not allow')
      throw failed()
    }
  }
}

/**
 * The captcha guard of the protected calls (`POST /api/v1/passwordless/init`, `/api/v1/passwordless_sms/init`,
 * `/api/v1/passkeys/authenticate/init`). Call it BEFORE any code is issued or any cooldown recorded, with the
 * request's session read once ({@link optionalSession}). Does nothing when the app has `captcha_enabled` off,
 * or when `session` is a live session of a full user of this app (docs/api.md "Captcha is skipped for an
 * already authenticated user": link and update code sends). A guest's session does not count: guests sign in
 * with no captcha, so their sessions must not open the protected calls. Otherwise the body's `token` must
 * pass {@link verifyCaptcha}. Throws 400 `invalid_captcha` ('Captcha token missing' / 'Captcha token invalid'
 * / 'Captcha verification failed'); never a 500 (docs/security.md properties 8, 56).
 *
 * @example
 * const foyerApp = await requireApp(context, request)
 * const session = await optionalSession(context, request)
 * await assertCaptcha(context, foyerApp, request, { token: request.body.token, session })
 * await sendLoginCode(context, foyerApp, request.body.email, session ? 'link' : 'login')
 */
export async function assertCaptcha(
  context: ServerContext,
  app: LoadedApp,
  request: FastifyRequest,
  parameters: { token: string | undefined; session: RequireSessionReturnType | null },
): Promise<void> {
  if (!app.settings.captcha_enabled) return
  if (parameters.session && !(await isGuest(context, parameters.session.userId))) return
  await verifyCaptcha(context, { app, token: parameters.token, remoteIp: request.ip, log: request.log })
}

async function isGuest(context: ServerContext, userId: string): Promise<boolean> {
  const [row] = await context.db.orm
    .select({ isGuest: users.isGuest })
    .from(users)
    .where(eq(users.id, userId))
  return row?.isGuest ?? true
}
