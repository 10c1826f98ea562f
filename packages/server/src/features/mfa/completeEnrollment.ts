import type { User } from '@foyer/protocol'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { requireUserJson } from '../users/service'
import { insertMethod, type MfaMethodRow } from './methods'
import { assertMfaVerified, recordVerification } from './verifications'

/** Who is acting: the app, and the live session and its user (from `requireSession`). */
export type MfaActor = { app: LoadedApp; sessionId: string; userId: string }

/** The factor an enrolment adds: its row id, type and what the type keeps (a sealed secret, a number). */
export type EnrolledFactor = Pick<
  MfaMethodRow,
  'id' | 'type' | 'secretSealed' | 'phoneNumber' | 'lastUsedStep'
>

/**
 * Completes an enrolment whose code is proven (docs/mfa.md): spends the fresh verification a user with
 * another factor needs (`assertMfaVerified`, docs/security.md property 16; 403 `missing_or_invalid_mfa`),
 * inserts the factor, verified now (UNIQUE (user, type): a concurrent second enrolment gets 400
 * `resource_conflict`), records the enrolment as the session's verification (already spent) and answers the
 * user, whose `mfa_methods` now list it.
 *
 * @example return completeEnrollment(context, actor, { id: randomId(25), type: 'sms', secretSealed: null, phoneNumber, lastUsedStep: null })
 */
export async function completeEnrollment(
  context: ServerContext,
  actor: MfaActor,
  factor: EnrolledFactor,
): Promise<User> {
  const { app, sessionId, userId } = actor
  await assertMfaVerified(context, { sessionId, userId, need: 'fresh', spend: true })
  const now = new Date(context.now())
  await insertMethod(context, { ...factor, appId: app.id, userId, verifiedAt: now, createdAt: now })
  await recordVerification(context, { sessionId, userId, unspent: false })
  return requireUserJson(context, userId)
}
