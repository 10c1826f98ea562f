import { desc } from 'drizzle-orm'
import { deriveKey } from '../../crypto/deriveKey'
import { openSecret } from '../../crypto/secretBox'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { appSettingsCodec } from '../apps/appSettingsCodec'
import { apps } from '../apps/schema'

/** Whether the master key opens what is sealed under it: `ok`, or the first app it does not open. */
export type MasterKeyCheck = { ok: true } | { ok: false; appId: string; message: string }

/**
 * Checks that `masterKey` opens the sealed private keys (and, with `all`, the sealed settings) of the
 * apps: `all` checks every app (at start), otherwise only the app updated last, which a rotation re-seals
 * like every other (cheap enough for `/readyz`). An empty database passes. The message names the cause and
 * the app, never a secret. See `docs/operations.md#master-key`.
 *
 * @example const check = await checkMasterKey(db, masterKey, { all: true }); if (!check.ok) throw new Error(check.message)
 */
export async function checkMasterKey(
  db: FoyerDatabase,
  masterKey: Uint8Array,
  options: { all?: boolean } = {},
): Promise<MasterKeyCheck> {
  const query = db.orm
    .select({ id: apps.id, encryptedPrivateKey: apps.encryptedPrivateKey, settings: apps.settings })
    .from(apps)
    .orderBy(desc(apps.updatedAt), desc(apps.id))
  const rows = options.all ? await query : await query.limit(1)
  const key = deriveKey(masterKey, 'app-private-key-encryption')
  for (const row of rows) {
    const refused = (what: string): MasterKeyCheck => ({
      ok: false,
      appId: row.id,
      message:
        `FOYER_MASTER_KEY does not open the ${what} of app ${row.id}: it is not the key this database ` +
        'was sealed with (a wrong key, or one rotated away with `foyer-server master-key rotate`)',
    })
    try {
      openSecret(key, row.encryptedPrivateKey, `app:${row.id}`)
    } catch {
      return refused('signing key')
    }
    if (!options.all) continue
    if (!appSettingsCodec.canOpen(row.settings, masterKey, row.id)) return refused('sealed settings')
  }
  return { ok: true }
}
