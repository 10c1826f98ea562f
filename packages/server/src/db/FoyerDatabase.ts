import type { PGlite } from '@electric-sql/pglite'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { Pool } from 'pg'

/** The Drizzle query builder every feature service uses; the same for PGlite and PostgreSQL. */
export type FoyerOrm = PgDatabase<PgQueryResultHKT>

/**
 * An open database: embedded PGlite (in memory or on disk) or PostgreSQL through a node-postgres pool.
 * Built by `openDatabase`; closed with `close()`.
 */
export type FoyerDatabase = {
  /** Drizzle over the open connection. */
  readonly orm: FoyerOrm
  /** Releases the connection (PGlite flushes its data directory). Idempotent. */
  close(): Promise<void>
} & (
  | { readonly kind: 'pglite'; readonly driver: PgliteDatabase & { $client: PGlite } }
  | { readonly kind: 'postgres'; readonly driver: NodePgDatabase & { $client: Pool } }
)
