import { fillPlaceholders, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { FoyerDatabase } from './FoyerDatabase'

/** Runs a {@link preparedStatement} on `db` with a value for each of its placeholders; resolves with the rows. */
export type PreparedStatement<Row> = (db: FoyerDatabase, values: Record<string, unknown>) => Promise<Row[]>

/**
 * A raw statement of a hot path, rendered to SQL text once, whose values come in through
 * `sql.placeholder(key)`. On PostgreSQL it runs as the named prepared statement `name` (unique per
 * statement: node-postgres refuses one name for two texts), so each pooled connection parses and plans it
 * once instead of on every call — for the CTEs of a refresh or a sign-in that costs PostgreSQL more than
 * running them. PGlite runs the same text unnamed.
 *
 * Rows come as the driver parses them (json → object, float8 → number, timestamptz → Date), not through
 * Drizzle's column mapping. Give every placeholder whose type PostgreSQL cannot infer a cast
 * (`${sql.placeholder('id')}::varchar is null`).
 *
 * @example
 * const findSession = preparedStatement<{ user_id: string }>(
 *   'foyer_find_session',
 *   sql`select user_id from ${sessions} where id = ${sql.placeholder('sessionId')}`,
 * )
 * const [row] = await findSession(context.db, { sessionId })
 */
export function preparedStatement<Row>(name: string, statement: SQL): PreparedStatement<Row> {
  const query = new PgDialect().sqlToQuery(statement)
  return async (db, values) => {
    const params = fillPlaceholders(query.params, values)
    if (db.kind === 'postgres')
      return (await db.driver.$client.query({ name, text: query.sql, values: params })).rows as Row[]
    return (await db.driver.$client.query<Row>(query.sql, params)).rows
  }
}
