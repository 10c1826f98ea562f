import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { migrationsFolder } from '../../db/migrate'
import { checkMasterKey } from '../masterKey/checkMasterKey'

/** Whether the server can serve: `ready`, or the first check that failed (`reason`). */
export type Readiness = { ready: true } | { ready: false; reason: string }

let newestMigrationMillis: number | undefined

/** The `when` (ms) of the newest migration this build ships (drizzle's journal), read once. */
function newestMigration(): number {
  newestMigrationMillis ??= Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis),
  )
  return newestMigrationMillis
}

/**
 * Readiness of the server (docs/operations.md): the database answers, every migration this build ships is
 * applied (drizzle's `drizzle.__drizzle_migrations` holds the newest migration's time), and `masterKey`
 * opens the apps' sealed keys (`master key does not open the sealed keys`: a wrong or rotated
 * `FOYER_MASTER_KEY`, see `docs/operations.md#master-key`). Never throws.
 *
 * @example const readiness = await checkReadiness(db, masterKey) // { ready: false, reason: 'database unreachable' }
 */
export async function checkReadiness(db: FoyerDatabase, masterKey: Uint8Array): Promise<Readiness> {
  let applied: number
  try {
    const result = await db.orm.execute<{ newest: string | number | null }>(
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    )
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      newest: string | number | null
    }[]
    applied = Number(rows[0]?.newest ?? 0)
  } catch (error) {
    // 42P01: no migrations table yet (reachable, never migrated).
    if (
      (error as { cause?: { code?: string } }).cause?.code === '42P01' ||
      (error as { code?: string }).code === '42P01'
    )
      return { ready: false, reason: 'migrations not applied' }
    return { ready: false, reason: 'database unreachable' }
  }
  if (applied < newestMigration()) return { ready: false, reason: 'migrations not applied' }
  try {
    const check = await checkMasterKey(db, masterKey)
    return check.ok ? { ready: true } : { ready: false, reason: 'master key does not open the sealed keys' }
  } catch {
    return { ready: false, reason: 'database unreachable' }
  }
}
