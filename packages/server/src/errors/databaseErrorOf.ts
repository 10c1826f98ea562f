/**
 * What may be logged of a database error: its SQLSTATE, the server's message and the statement's text,
 * never its parameters (they carry code hashes, ciphertexts and email addresses).
 */
export type DatabaseErrorSummary = { sqlState: string; message: string; query?: string }

const SQLSTATE = /^[0-9A-Z]{5}$/

/**
 * The database error inside `error` (node-postgres' or PGlite's `DatabaseError`, possibly wrapped by
 * Drizzle's `DrizzleQueryError` as its `cause`), summarized without parameters; null when `error` does not
 * come from the database.
 *
 * @example databaseErrorOf(error) // { sqlState: '22021', message: 'invalid byte sequence…', query: 'select …' }
 */
export function databaseErrorOf(error: unknown): DatabaseErrorSummary | null {
  let query: string | undefined
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
    const candidate = at as { code?: unknown; message?: unknown; query?: unknown; cause?: unknown }
    if (typeof candidate.query === 'string') query = candidate.query
    if (typeof candidate.code === 'string' && SQLSTATE.test(candidate.code))
      return {
        sqlState: candidate.code,
        message: typeof candidate.message === 'string' ? candidate.message : 'database error',
        ...(query ? { query } : {}),
      }
    at = candidate.cause
  }
  return null
}

/**
 * Whether a SQLSTATE says the request's data was bad rather than the server: class 22 "data exception"
 * (22021 character not in repertoire, 22P05 untranslatable character, 22001 value too long, 22003 numeric
 * out of range, 22P02 invalid text representation…) and 54000 (a value too large for an index). Those
 * answer 400 `invalid_data`, never 500.
 *
 * @example isBadInputSqlState('22P05') // true
 */
export function isBadInputSqlState(sqlState: string): boolean {
  return sqlState.startsWith('22') || sqlState === '54000'
}
