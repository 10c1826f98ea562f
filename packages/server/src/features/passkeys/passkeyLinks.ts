/** Linking a passkey to a signed-in user, and unlinking one. */
import {
  PASSKEY_LIMIT,
  type PasskeyCreationInitResponse,
  type RegistrationResponseJSON,
} from '@foyer/protocol'
import { eq, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { linkedToAnotherUser } from '../users/newLinkedAccount'
import { linkedAccounts, users } from '../users/schema'
import { unlinkAccount } from '../users/service'
import type { RelyingParty } from './ceremony'
import { creationOptions, verifyRegistration } from './registration'
import { findPasskey, userPasskeys } from './storedPasskeys'

/**
 * `passkeys/link/init`: creation options for a new resident credential of the signed-in user (the user's
 * passkeys excluded) and a fresh 'registration' challenge bound to the user. Throws 400
 * `cannot_link_more_of_type` at 5 passkeys (docs/passkeys.md).
 */
export async function initPasskeyLink(
  context: ServerContext,
  app: LoadedApp,
  parameters: { relyingParty: RelyingParty; userId: string },
): Promise<PasskeyCreationInitResponse> {
  const existing = await userPasskeys(context, app, parameters.userId)
  if (existing.length >= PASSKEY_LIMIT) throw foyerError('cannotLinkMorePasskeys')
  return creationOptions(context, app, { ...parameters, excluded: existing })
}

/**
 * `passkeys/link`: verifies an attestation ({@link verifyRegistration}, challenge bound to the user) and
 * links the credential to the signed-in user; at most 5 passkeys per user, checked in the inserting
 * statement → 400 `cannot_link_more_of_type`.
 */
export async function linkPasskey(
  context: ServerContext,
  app: LoadedApp,
  parameters: {
    relyingParty: RelyingParty
    /** The RP ID the client names (`relying_party`), when it names one. */
    claimedRpId: string | undefined
    userId: string
    response: RegistrationResponseJSON
    userAgent: string | undefined
  },
): Promise<void> {
  const { userId } = parameters
  const { credentialId, details } = await verifyRegistration(context, app, parameters)
  const at = new Date(context.now()).toISOString()
  let inserted: unknown[]
  try {
    inserted = await context.db.orm.transaction(async (tx) => {
      // Links of one user take turns on its row: without the lock, two links that overlap each count 4
      // passkeys in their own snapshot and both insert (PostgreSQL, READ COMMITTED).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
      const result = (await tx.execute(sql`
        insert into ${linkedAccounts} (id, app_id, user_id, type, subject, details, verified_at,
          first_verified_at, latest_verified_at, created_at)
        select ${randomId(25)}, ${app.id}, ${userId}, 'passkey', ${credentialId}, ${JSON.stringify(details)}::jsonb,
          ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
        where (select count(*) from ${linkedAccounts}
          where app_id = ${app.id} and user_id = ${userId} and type = 'passkey') < ${PASSKEY_LIMIT}
        returning id`)) as unknown as { rows: unknown[] }
      return result.rows
    })
  } catch (error) {
    const failure = error as { code?: unknown; cause?: { code?: unknown } }
    if (failure.code === '23505' || failure.cause?.code === '23505') throw linkedToAnotherUser()
    throw error
  }
  if (inserted.length === 0) throw foyerError('cannotLinkMorePasskeys')
}

/**
 * `passkeys/unlink`: removes the user's passkey `credentialId`, under the same rules as every other unlink
 * (docs/api.md): 404 `not_found` when the user has no such passkey, 400 `cannot_unlink_sole_account` when it
 * is the user's only account, 400 `invalid_request` 'Cannot unlink a passkey enrolled in MFA'
 * (docs/limits.md, docs/errors.md).
 */
export async function unlinkPasskey(
  context: ServerContext,
  app: LoadedApp,
  parameters: { userId: string; credentialId: string },
): Promise<void> {
  const passkey = await findPasskey(context, app, parameters.credentialId)
  if (
    passkey?.userId === parameters.userId &&
    (passkey.details as { enrolled_in_mfa?: unknown }).enrolled_in_mfa === true
  )
    throw foyerError('cannotUnlinkMfaPasskey')
  await unlinkAccount(context.db, {
    appId: app.id,
    userId: parameters.userId,
    type: 'passkey',
    subject: parameters.credentialId,
  })
}
