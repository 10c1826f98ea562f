import { CONSOLE_APP_ID } from '@foyer/protocol/console'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { foyerError } from '../../../errors/foyerError'
import { bearerToken } from '../../../http/bearerToken'
import { assertMfaVerified, hasMfaEnrolled } from '../../mfa/verifications'
import { authenticateAccessToken } from '../../sessions/authenticateAccessToken'
import { linkedAccounts } from '../../users/schema'
import type { ConsoleContext } from '../ConsoleContext'

/** Who a console call acts for: what {@link requireOperator} proves, and what `recordAudit` records. */
export type Operator = {
  /** The operator's user id in the console app. */
  userId: string
  /** The operator's verified email address (lower-cased), as on the operator list. */
  email: string
  /** The session of the call. */
  sessionId: string
}

/**
 * The operator guard of every console call (docs/console.md#access): never a flag of the page. Checks, in
 * order:
 * 1. `Authorization: Bearer <access token>` is a valid access token of the console app ({@link CONSOLE_APP_ID})
 *    with a live session — a token of any other app is refused (401 `missing_or_invalid_token`);
 * 2. one of the user's verified email addresses is on the operator list (403 `not_console_operator`);
 * 3. the user has a second factor (403 `missing_or_invalid_mfa` 'Add a second factor …': enrol first) and
 *    the session passed MFA within the verification window (`mfaVerificationWindowSeconds`, default 15 min;
 *    403 `missing_or_invalid_mfa` 'MFA verification required': verify again).
 * Returns the {@link Operator}.
 *
 * @example app.get('/api/v1/console/…', async (request) => { const operator = await requireOperator(context, request) })
 */
export async function requireOperator(context: ConsoleContext, request: FastifyRequest): Promise<Operator> {
  const consoleApp = await context.apps.get(CONSOLE_APP_ID)
  if (!consoleApp) throw foyerError('appNotFound')
  const { sessionId, userId } = await authenticateAccessToken(context, consoleApp, bearerToken(request))
  const emails = await context.db.orm
    .select({ subject: linkedAccounts.subject })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.type, 'email')))
  const email = emails
    .map((row) => row.subject.toLowerCase())
    .find((item) => context.console.operators.has(item))
  if (!email) throw foyerError('notConsoleOperator')
  if (!(await hasMfaEnrolled(context, userId))) throw foyerError('consoleMfaEnrollmentRequired')
  await assertMfaVerified(context, { sessionId, userId, need: 'recent' })
  return { userId, email, sessionId }
}
