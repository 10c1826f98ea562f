import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { Pool } from 'pg'
import type { FoyerDatabase, FoyerOrm } from './FoyerDatabase'

export type OpenDatabaseParameters = {
  /** PGlite data directory on disk; created when missing. Ignored when `databaseUrl` is set. */
  dataDir?: string | undefined
  /**
   * `postgres://…` URL: use PostgreSQL through a node-postgres pool (docs/architecture.md "Inside the
   * server").
   */
  databaseUrl?: string | undefined
  /**
   * An in-memory PGlite starting from this dump (`PGlite.dumpDataDir`, a tar), e.g. an already migrated
   * template. Ignored when `databaseUrl` or `dataDir` is set.
   */
  loadDataDir?: Blob | undefined
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, else PGlite on disk at `dataDir`, else an
 * in-memory PGlite (tests). Does not migrate: call `migrate(db)` next.
 *
 * @example
 * const db = await openDatabase({ dataDir: '.foyer/data' })
 * await migrate(db)
 */
export async function openDatabase(parameters: OpenDatabaseParameters = {}): Promise<FoyerDatabase> {
  if (parameters.databaseUrl) {
    const pool = new Pool({ connectionString: parameters.databaseUrl })
    const driver = drizzlePg({ client: pool })
    return {
      kind: 'postgres',
      driver,
      orm: driver as unknown as FoyerOrm,
      close: once(() => pool.end()),
    }
  }
  if (parameters.dataDir) await mkdir(parameters.dataDir, { recursive: true })
  const client = parameters.dataDir
    ? await PGlite.create(parameters.dataDir)
    : await PGlite.create(parameters.loadDataDir ? { loadDataDir: parameters.loadDataDir } : {})
  const driver = drizzlePglite({ client })
  return {
    kind: 'pglite',
    driver,
    orm: driver as unknown as FoyerOrm,
    close: once(() => client.close()),
  }
}

/** `close` that runs `end` on its first call only; later calls resolve at once. */
function once(end: () => Promise<void>): () => Promise<void> {
  let closed = false
  return async () => {
    if (closed) return
    closed = true
    await end()
  }
}
