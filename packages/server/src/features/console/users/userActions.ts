/**
 * What an operator may do to a user (docs/console.md#users): revoke sessions, delete the user, remove an MFA
 * factor, export the user's data. Each writes its audit entry in the transaction of the change itself.
 */

import type { ConsoleUserExport } from '@foyer/protocol/console'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { foyerError } from '../../../errors/foyerError'
import type { ServerContext } from '../../../ServerContext'
import { MFA_METHOD_NAMES } from '../../mfa/methods'
import { mfaMethods } from '../../mfa/schema'
import { sessions } from '../../sessions/schema'
import { linkedAccounts, users } from '../../users/schema'
import type { Transaction } from '../../users/service'
import { getUserRecord } from './userRecord'

/** One change to the audit log: the shape `recordAudit` takes (docs/console.md#audit-log). */
export type UserAuditChange = {
  action: string
  target: { type: string; id: string }
  before?: unknown
  after?: unknown
}

/**
 * Writes `change` to the audit log in `tx` (the routes pass `recordAudit` bound to the operator). Never
 * given a token or key material: the changes below carry ids, times and the wire user only.
 */
export type RecordUserChange = (change: UserAuditChange, tx: Transaction) => Promise<unknown>

/** ISO 8601 of `ms`. */
const iso = (ms: number) => new Date(ms).toISOString()

/** Throws 404 `user_does_not_exist` unless user `userId` exists (read in `tx`, locking its row). */
async function lockUser(tx: Transaction, userId: string): Promise<{ appId: string }> {
  const [row] = await tx
    .select({ appId: users.appId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1)
  if (!row) throw foyerError('userDoesNotExist')
  return row
}

/**
 * Revokes session `sessionId` of user `userId`, or every live session of the user without it: sets
 * `revoked_at`, so the user's next refresh answers 401 `missing_or_invalid_token` and every access token of
 * those sessions stops working at once (docs/sessions.md). A session already revoked is left as it is.
 * Returns how many sessions this call revoked. Throws 404 `user_does_not_exist`, 404 `not_found` 'Session
 * not found' (a session of someone else counts as absent). Audit: `session.revoke` (one) or
 * `user.revoke_sessions` (all), before/after the session ids and their `revoked_at`.
 */
export async function revokeUserSessions(
  context: ServerContext,
  record: RecordUserChange,
  parameters: { userId: string; sessionId?: string | undefined },
): Promise<{ revoked: number }> {
  const { userId, sessionId } = parameters
  const nowMs = context.now()
  return context.db.orm.transaction(async (tx) => {
    await lockUser(tx, userId)
    if (sessionId !== undefined) {
      const [found] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .limit(1)
      if (!found) throw foyerError('sessionNotFound')
    }
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date(nowMs) })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          sessionId === undefined ? undefined : eq(sessions.id, sessionId),
        ),
      )
      .returning({ id: sessions.id })
    const ids = revoked.map((row) => row.id).sort()
    await record(
      {
        action: sessionId === undefined ? 'user.revoke_sessions' : 'session.revoke',
        target: sessionId === undefined ? { type: 'user', id: userId } : { type: 'session', id: sessionId },
        before: { user_id: userId, sessions: ids.map((id) => ({ id, revoked_at: null })) },
        after: { user_id: userId, sessions: ids.map((id) => ({ id, revoked_at: iso(nowMs) })) },
      },
      tx,
    )
    return { revoked: ids.length }
  })
}

/**
 * Deletes user `userId` and, with it (`ON DELETE CASCADE`), its linked accounts, embedded wallets and their
 * sealed shares, MFA factors and sessions: its tokens stop working at once. `confirmUserId` must repeat the
 * id (400 `invalid_data` otherwise). Throws 404 `user_does_not_exist`. Audit: `user.delete`, before the
 * wire user (no key material), after null.
 */
export async function deleteUser(
  context: ServerContext,
  record: RecordUserChange,
  parameters: { userId: string; confirmUserId: string },
): Promise<{ deleted: true }> {
  if (parameters.confirmUserId !== parameters.userId) throw foyerError('invalidRequestData')
  const before = await getUserRecord(context, parameters.userId)
  await context.db.orm.transaction(async (tx) => {
    await lockUser(tx, parameters.userId)
    await tx.delete(users).where(eq(users.id, parameters.userId))
    await record(
      {
        action: 'user.delete',
        target: { type: 'user', id: parameters.userId },
        before: { app_id: before.app_id, user: before.user },
        after: null,
      },
      tx,
    )
  })
  return { deleted: true }
}

/**
 * Removes the MFA factor `type` of user `userId` after the operator verified the user out of band
 * (`verifiedOutOfBand` must be `true`): the `mfa_methods` row goes, and for `passkey` the user's passkeys
 * stop being second factors (`enrolled_in_mfa` false; they still sign in). Throws 404 `user_does_not_exist`,
 * 404 `not_found` '… verification is not enabled.' when the user has no such factor. Audit:
 * `user.remove_mfa_factor`, before the factor (type, verified_at), after the confirmation and the note.
 */
export async function removeMfaFactor(
  context: ServerContext,
  record: RecordUserChange,
  parameters: {
    userId: string
    type: 'sms' | 'totp' | 'passkey'
    verifiedOutOfBand: true
    note?: string | undefined
  },
): Promise<{ success: true }> {
  const { userId, type } = parameters
  if (parameters.verifiedOutOfBand !== true) throw foyerError('invalidRequestData')
  await context.db.orm.transaction(async (tx) => {
    await lockUser(tx, userId)
    const [removed] = await tx
      .delete(mfaMethods)
      .where(and(eq(mfaMethods.userId, userId), eq(mfaMethods.type, type)))
      .returning({ verifiedAt: mfaMethods.verifiedAt })
    if (!removed) throw foyerError('mfaMethodNotEnrolled', { method: MFA_METHOD_NAMES[type] })
    if (type === 'passkey')
      await tx
        .update(linkedAccounts)
        .set({ details: sql`jsonb_set(${linkedAccounts.details}, '{enrolled_in_mfa}', 'false'::jsonb)` })
        .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.type, 'passkey')))
    await record(
      {
        action: 'user.remove_mfa_factor',
        target: { type: 'user', id: userId },
        before: { mfa_factor: { type, verified_at: removed.verifiedAt.toISOString() } },
        after: { mfa_factor: null, verified_out_of_band: true, note: parameters.note ?? null },
      },
      tx,
    )
  })
  return { success: true }
}

/**
 * The export of user `userId` as a JSON document (docs/console.md#users): its record (wire user, wallets'
 * addresses and chains, MFA factors, sessions without tokens), `format: 'foyer.user-export.v1'` and when it
 * was made. Throws 404 `user_does_not_exist`. Audit: `user.export`, after the export's time.
 */
export async function exportUser(
  context: ServerContext,
  record: RecordUserChange,
  userId: string,
): Promise<ConsoleUserExport> {
  const userRecord = await getUserRecord(context, userId)
  const exportedAt = iso(context.now())
  await context.db.orm.transaction((tx) =>
    record(
      {
        action: 'user.export',
        target: { type: 'user', id: userId },
        after: { exported_at: exportedAt },
      },
      tx,
    ),
  )
  return { format: 'foyer.user-export.v1', exported_at: exportedAt, ...userRecord }
}
