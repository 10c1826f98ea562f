import type { MfaMethodType } from '@foyer/protocol'
import { and, eq } from 'drizzle-orm'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { mfaMethods } from './schema'

/** A stored factor. */
export type MfaMethodRow = typeof mfaMethods.$inferSelect

/** Display names of the factors in messages (docs/modal.md). */
export const MFA_METHOD_NAMES: Record<MfaMethodType, string> = {
  totp: 'Authenticator app',
  sms: 'SMS',
  passkey: 'Passkey',
}

/** Throws 403 `disallowed_login_method` unless the app offers `method` (its config's `mfa_methods`). */
export function assertMethodOffered(app: LoadedApp, method: MfaMethodType): void {
  if (!app.settings.mfa_methods.includes(method))
    throw foyerError('mfaMethodNotOffered', { method: MFA_METHOD_NAMES[method] })
}

/** The user's factor of `type`, or null. */
export async function findMethod(
  context: ServerContext,
  parameters: { userId: string; type: MfaMethodType },
): Promise<MfaMethodRow | null> {
  const [row] = await context.db.orm
    .select()
    .from(mfaMethods)
    .where(and(eq(mfaMethods.userId, parameters.userId), eq(mfaMethods.type, parameters.type)))
    .limit(1)
  return row ?? null
}

/** The user's factor of `type`; throws 403 `missing_or_invalid_mfa` '… verification is not enabled' without it. */
export async function requireMethod(
  context: ServerContext,
  parameters: { userId: string; type: MfaMethodType },
): Promise<MfaMethodRow> {
  const row = await findMethod(context, parameters)
  if (!row) throw foyerError('mfaMethodNotEnabled', { method: MFA_METHOD_NAMES[parameters.type] })
  return row
}

/** Throws 400 `resource_conflict` '… verification is already enabled' when the user has `type`. */
export async function assertNotEnrolled(
  context: ServerContext,
  parameters: { userId: string; type: MfaMethodType },
): Promise<void> {
  if (await findMethod(context, parameters))
    throw foyerError('mfaMethodAlreadyEnabled', { method: MFA_METHOD_NAMES[parameters.type] })
}

/**
 * Inserts the factor `row` (UNIQUE (user, type): a concurrent second enrolment loses) → 400
 * `resource_conflict` '… verification is already enabled'.
 */
export async function insertMethod(context: ServerContext, row: MfaMethodRow): Promise<void> {
  const inserted = await context.db.orm
    .insert(mfaMethods)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: mfaMethods.id })
  if (inserted.length === 0)
    throw foyerError('mfaMethodAlreadyEnabled', { method: MFA_METHOD_NAMES[row.type] })
}

/** Removes the user's factor `type`; 404 `not_found` when there is none. */
export async function deleteMethod(
  context: ServerContext,
  parameters: { userId: string; type: MfaMethodType },
): Promise<void> {
  const deleted = await context.db.orm
    .delete(mfaMethods)
    .where(and(eq(mfaMethods.userId, parameters.userId), eq(mfaMethods.type, parameters.type)))
    .returning({ id: mfaMethods.id })
  if (deleted.length === 0)
    throw foyerError('mfaMethodNotEnrolled', { method: MFA_METHOD_NAMES[parameters.type] })
}
