import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/**
 * A page cursor of the audit log: `<created_at in ms>_<id>` of the last event of the previous page
 * (keyset paging, newest first; docs/console.md#audit-log).
 */
export const consoleAuditCursorSchema = z
  .string()
  .max(64)
  .regex(/^\d{1,15}_[A-Za-z0-9]{1,32}$/, 'expected the next_cursor of a previous page')

/** `GET /api/v1/console/audit` query: `limit` events (1–100, default 50) after `cursor`. */
export const consoleAuditQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: consoleAuditCursorSchema.optional(),
})
export type ConsoleAuditQuery = z.input<typeof consoleAuditQuerySchema>

/**
 * One change an operator made (docs/console.md#audit-log): who (`operator`), when (`created_at`, ISO 8601),
 * what (`action`, e.g. `app.update`, on `target`), and the target's state `before` and `after` (null for a
 * creation or a deletion) with every secret masked as `********`.
 */
export const consoleAuditEventSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  operator: z.object({ user_id: z.string(), email: z.string() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
})
export type ConsoleAuditEvent = z.infer<typeof consoleAuditEventSchema>

/** `GET /api/v1/console/audit` answer: newest first; `next_cursor` null on the last page. */
export const consoleAuditPageSchema = z.object({
  events: z.array(consoleAuditEventSchema),
  next_cursor: z.string().nullable(),
})
export type ConsoleAuditPage = z.infer<typeof consoleAuditPageSchema>
