import { eq, isNotNull } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { deriveKey, type KeyPurpose } from '../../crypto/deriveKey'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { appSettingsCodec } from '../apps/appSettingsCodec'
import { apps } from '../apps/schema'
import { mfaChallenges, mfaMethods } from '../mfa/schema'
import { oauthFlows } from '../oauth/schema'
import { walletEntropies } from '../wallets/schema'

/**
 * A column sealed under a sub-key of the master key: its table, row key, sealed column, sub-key purpose and
 * associated data (each must match what the feature that seals it binds in).
 */
type SealedColumn = {
  name: string
  table: PgTable
  key: PgColumn
  column: PgColumn
  /** The column's property in the Drizzle table. */
  field: string
  purpose: KeyPurpose
  aad(row: Record<string, string>): string
  /** The columns `aad` reads, besides the key. */
  extra?: Record<string, PgColumn>
}

const sealedColumns: SealedColumn[] = [
  {
    name: 'app signing keys',
    table: apps,
    key: apps.id,
    column: apps.encryptedPrivateKey,
    field: 'encryptedPrivateKey',
    purpose: 'app-private-key-encryption',
    aad: (row) => `app:${row.key}`,
  },
  {
    name: 'wallet auth shares',
    table: walletEntropies,
    key: walletEntropies.id,
    column: walletEntropies.authShare,
    field: 'authShare',
    purpose: 'wallet-share-encryption',
    aad: (row) => `wallet-auth-share:${row.key}`,
  },
  {
    name: 'wallet recovery material',
    table: walletEntropies,
    key: walletEntropies.id,
    column: walletEntropies.recovery,
    field: 'recovery',
    purpose: 'wallet-share-encryption',
    aad: (row) => `wallet-recovery:${row.key}`,
  },
  {
    name: 'TOTP secrets',
    table: mfaMethods,
    key: mfaMethods.id,
    column: mfaMethods.secretSealed,
    field: 'secretSealed',
    purpose: 'mfa-secret-encryption',
    aad: (row) => `mfa-totp:${row.key}`,
  },
  {
    name: 'pending TOTP enrolments',
    table: mfaChallenges,
    key: mfaChallenges.id,
    column: mfaChallenges.secretSealed,
    field: 'secretSealed',
    purpose: 'mfa-secret-encryption',
    aad: (row) => `mfa-totp-pending:${row.userId}`,
    extra: { userId: mfaChallenges.userId },
  },
  {
    name: 'OAuth flow results',
    table: oauthFlows,
    key: oauthFlows.id,
    column: oauthFlows.result,
    field: 'result',
    purpose: 'oauth-flow-encryption',
    aad: (row) => `oauth-flow:${row.key}`,
  },
]

/** Rows re-sealed per kind of secret (`app signing keys`, `app settings`, …). */
export type RotateMasterKeyResult = Record<string, number>

/**
 * Re-seals everything sealed under `oldKey` with `newKey`, in one transaction: the apps' signing keys and
 * third-party secrets, the wallets' auth shares and recovery material, TOTP secrets (enrolled and pending)
 * and the results of OAuth flows in progress. Nothing changes when one value does not open under `oldKey`
 * (it throws `Error` naming the kind and row, never a value). Values derived from the master key rather than
 * sealed under it change with it: one-time codes and MFA codes already sent stop working, a refresh retried
 * within its grace window is refused, and Coinbase's partner user reference of each user changes. Stop
 * every server first, and start them with `newKey`. See `docs/operations.md#rotating-the-master-key`.
 *
 * @example const counts = await rotateMasterKey(db, oldKey, newKey) // { 'app signing keys': 4, … }
 */
export async function rotateMasterKey(
  db: FoyerDatabase,
  oldKey: Uint8Array,
  newKey: Uint8Array,
): Promise<RotateMasterKeyResult> {
  if (Buffer.from(oldKey).equals(Buffer.from(newKey))) throw new Error('The new master key is the old one')
  return db.orm.transaction(async (tx) => {
    const result: RotateMasterKeyResult = {}
    for (const sealed of sealedColumns) {
      const from = deriveKey(oldKey, sealed.purpose)
      const to = deriveKey(newKey, sealed.purpose)
      const rows = (await tx
        .select({ key: sealed.key, value: sealed.column, ...sealed.extra })
        .from(sealed.table)
        .where(isNotNull(sealed.column))
        .for('update')) as Array<Record<string, string>>
      for (const row of rows) {
        const aad = sealed.aad(row)
        let clear: string
        try {
          clear = openSecret(from, row.value ?? '', aad)
        } catch {
          throw new Error(
            `The old master key does not open the ${sealed.name} of ${row.key}: nothing was changed`,
          )
        }
        await tx
          .update(sealed.table)
          .set({ [sealed.field]: sealSecret(to, clear, aad) } as never)
          .where(eq(sealed.key, row.key ?? ''))
      }
      result[sealed.name] = rows.length
    }
    const appRows = await tx.select({ id: apps.id, settings: apps.settings }).from(apps).for('update')
    for (const row of appRows)
      await tx
        .update(apps)
        .set({ settings: appSettingsCodec.reseal(row.settings, oldKey, newKey, row.id) })
        .where(eq(apps.id, row.id))
    result['app settings'] = appRows.length
    return result
  })
}
