import { eq } from 'drizzle-orm'
import { deriveKey } from '../../crypto/deriveKey'
import { openSecret } from '../../crypto/secretBox'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { appSettingsCodec } from './appSettingsCodec'
import { apps } from './schema'

/**
 * Seals the third-party secrets that apps written by an older version keep in the clear in their settings
 * (see `appSettingsCodec`), one app per transaction with its row locked, so a concurrent `app update` is
 * not lost. Idempotent: apps whose secrets are all sealed are left as they are. Before sealing, checks that
 * `masterKey` opens the app's signing key, so that a wrong key never seals anything. Returns the ids of the
 * apps it sealed. Run by `migrate` when given the master key (`foyer-server migrate` and `start`).
 *
 * @example await sealAppSecrets(db, masterKey) // ['foyerdemoapp0000000000000']
 */
export async function sealAppSecrets(db: FoyerDatabase, masterKey: Uint8Array): Promise<string[]> {
  const candidates = await db.orm.select({ id: apps.id, settings: apps.settings }).from(apps)
  const sealed: string[] = []
  for (const candidate of candidates) {
    if (!appSettingsCodec.hasClearSecret(candidate.settings)) continue
    await db.orm.transaction(async (tx) => {
      const [row] = await tx.select().from(apps).where(eq(apps.id, candidate.id)).for('update')
      if (!row || !appSettingsCodec.hasClearSecret(row.settings)) return
      try {
        openSecret(
          deriveKey(masterKey, 'app-private-key-encryption'),
          row.encryptedPrivateKey,
          `app:${row.id}`,
        )
      } catch {
        throw new Error(
          `FOYER_MASTER_KEY does not open the signing key of app ${row.id}: refusing to seal its settings under it`,
        )
      }
      await tx
        .update(apps)
        .set({ settings: appSettingsCodec.seal(row.settings, masterKey, row.id) })
        .where(eq(apps.id, row.id))
      sealed.push(row.id)
    })
  }
  return sealed
}
