/** The app store: loaded apps cached for a short time, and updates of an app's settings. */
import { eq } from 'drizzle-orm'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { type AppRecord, findAppRecord, type LoadedApp, loadApp } from './appRecords'
import { appSettingsCodec } from './appSettingsCodec'
import { type AppSettingsOverrides, deepMergeSettings, mergeSettings } from './mergeSettings'
import { apps } from './schema'

/**
 * A per-server cache of loaded apps (keys decrypted once), entries kept `ttlMs` so that changes made by the
 * CLI show up without a restart. Unknown ids are not cached.
 */
export function createAppStore(db: FoyerDatabase, masterKey: Uint8Array, ttlMs = 10_000) {
  const cache = new Map<string, { app: Promise<LoadedApp | null>; at: number }>()
  return {
    /** The app `id` with its keys, or null. */
    get(id: string): Promise<LoadedApp | null> {
      const hit = cache.get(id)
      const nowMs = Date.now()
      if (hit && nowMs - hit.at < ttlMs) return hit.app
      const app = loadApp(db, id, masterKey)
      cache.set(id, { app, at: nowMs })
      app.then(
        (loaded) => {
          if (!loaded) cache.delete(id)
        },
        () => cache.delete(id),
      )
      if (cache.size > 1000) cache.delete(cache.keys().next().value as string)
      return app
    },
    /** Forgets cached entries (all, or one id). */
    clear(id?: string): void {
      if (id) cache.delete(id)
      else cache.clear()
    },
  }
}

export type AppStore = ReturnType<typeof createAppStore>

/**
 * Updates the settings of app `id`: its current settings deep-merged with `overrides` (nested objects
 * partially, arrays replace) and validated, e.g. `{ custom_jwt_auth: { enabled: true, issuer, jwks_url,
 * audience } }`; secrets given in the clear are sealed under `masterKey`. Running servers see the change
 * within their app cache TTL (10 s). Returns the app, or null when there is none. Throws a ZodError on an
 * invalid setting.
 *
 * @example await updateAppSettings(db, appId, { custom_jwt_auth: { enabled: true, issuer: 'https://host.example', jwks_url: 'https://host.example/jwks.json', audience: 'shop' } }, masterKey)
 */
export async function updateAppSettings(
  db: FoyerDatabase,
  id: string,
  overrides: AppSettingsOverrides | Record<string, unknown>,
  masterKey: Uint8Array,
  now: Date = new Date(),
): Promise<AppRecord | null> {
  const current = await findAppRecord(db, id, masterKey)
  if (!current) return null
  const merged = mergeSettings(deepMergeSettings(current.settings as Record<string, unknown>, overrides))
  await db.orm
    .update(apps)
    .set({ settings: appSettingsCodec.seal(merged, masterKey, id), updatedAt: now })
    .where(eq(apps.id, id))
  return findAppRecord(db, id, masterKey)
}
