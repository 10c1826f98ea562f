/** The column shapes the tables share: 25-character random ids, references that cascade, timestamps. */
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { timestamp, varchar } from 'drizzle-orm/pg-core'

/** Length of a row id (`randomId(25)`), and of a column that references one. */
export const ID_LENGTH = 25

/** The primary key `id`: a 25-character random id (`randomId(25)`). */
export function idColumn() {
  return varchar('id', { length: ID_LENGTH }).primaryKey()
}

/**
 * A required reference `name` to the 25-character id `target` (e.g. `() => users.id`), whose rows go with
 * the row they reference (`ON DELETE CASCADE`).
 *
 * @example userId: cascadingReference('user_id', () => users.id)
 */
export function cascadingReference(name: string, target: () => AnyPgColumn) {
  return varchar(name, { length: ID_LENGTH }).notNull().references(target, { onDelete: 'cascade' })
}

/** A `timestamptz` column `name` read as a `Date`. */
export function timestampColumn(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' })
}
