/** Reading stored passkeys: one by its credential id, or a user's as credential descriptors. */
import type { ServerContext } from '../../ServerContext'
import type { LoadedApp } from '../apps/service'
import { linkedAccountWhere } from '../users/linkedAccountWhere'
import { linkedAccounts } from '../users/schema'
import type { PasskeyDetails } from './account'

export type StoredPasskey = { id: string; userId: string; credentialId: string; details: PasskeyDetails }

export async function findPasskey(
  context: ServerContext,
  app: LoadedApp,
  credentialId: string,
): Promise<StoredPasskey | null> {
  const [row] = await context.db.orm
    .select({
      id: linkedAccounts.id,
      userId: linkedAccounts.userId,
      credentialId: linkedAccounts.subject,
      details: linkedAccounts.details,
    })
    .from(linkedAccounts)
    .where(linkedAccountWhere({ appId: app.id, type: 'passkey', subject: credentialId }))
    .limit(1)
  return row ? { ...row, details: row.details as PasskeyDetails } : null
}

/** The user's passkeys as credential descriptors: id and the transports its registration reported. */
export async function userPasskeys(
  context: ServerContext,
  app: LoadedApp,
  userId: string,
): Promise<{ id: string; transports: string[] }[]> {
  const rows = await context.db.orm
    .select({ credentialId: linkedAccounts.subject, details: linkedAccounts.details })
    .from(linkedAccounts)
    .where(linkedAccountWhere({ appId: app.id, userId, type: 'passkey' }))
  return rows.map((row) => ({
    id: row.credentialId,
    transports: (row.details as Partial<PasskeyDetails>).transports ?? [],
  }))
}
