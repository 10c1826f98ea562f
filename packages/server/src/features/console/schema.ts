import { index, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { ID_LENGTH, idColumn, timestampColumn } from '../../db/columns'

/**
 * `console_audit_events`: one change an operator made through the console (docs/console.md#audit-log): who
 * (`operator_user_id`, `operator_email`; kept when the operator's user is deleted, so no reference), when
 * (`created_at`), what (`action` on `target_type`/`target_id`), and the target `before` and `after`, with
 * every secret masked before it is written (`recordAudit`). Read newest first by (`created_at`, `id`).
 */
export const consoleAuditEvents = pgTable(
  'console_audit_events',
  {
    id: idColumn(),
    operatorUserId: varchar('operator_user_id', { length: ID_LENGTH }).notNull(),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    createdAt: timestampColumn('created_at').notNull(),
  },
  (table) => [index('console_audit_events_created_at_id_idx').on(table.createdAt.desc(), table.id.desc())],
)
