import { randomId } from '../../../crypto/randomId'
import type { FoyerOrm } from '../../../db/FoyerDatabase'
import type { ServerContext } from '../../../ServerContext'
import type { Transaction } from '../../users/Transaction'
import type { Operator } from '../access/requireOperator'
import { consoleAuditEvents } from '../schema'
import { maskSecrets } from './maskSecrets'

/** One change to record: what was done (`action`), to what (`target`), and the target before and after. */
export type AuditChange = {
  /** `<area>.<verb>`, e.g. `app.create`, `app.update`, `app.rotate_secret`, `user.delete`, `session.revoke`. */
  action: string
  /** The changed object: its kind (`app`, `user`, `session`, …) and id. */
  target: { type: string; id: string }
  /** Its state before the change (JSON-like; null for a creation). Secrets are masked before writing. */
  before?: unknown
  /** Its state after the change (JSON-like; null for a deletion). Secrets are masked before writing. */
  after?: unknown
}

/**
 * Writes one audit log entry (docs/console.md#audit-log): `operator` (from `requireOperator`) did `change`
 * now. `before`/`after` pass through `maskSecrets` first, so no secret is ever written. Give `tx` to write
 * it in the transaction of the change itself (both or neither). Returns the entry's id.
 *
 * @example
 * await recordAudit(context, operator, { action: 'app.update', target: { type: 'app', id }, before, after })
 */
export async function recordAudit(
  context: Pick<ServerContext, 'db' | 'now'>,
  operator: Operator,
  change: AuditChange,
  tx?: Transaction | FoyerOrm,
): Promise<string> {
  const id = randomId(25)
  await (tx ?? context.db.orm).insert(consoleAuditEvents).values({
    id,
    operatorUserId: operator.userId,
    operatorEmail: operator.email,
    action: change.action,
    targetType: change.target.type,
    targetId: change.target.id,
    before: change.before === undefined ? null : maskSecrets(change.before),
    after: change.after === undefined ? null : maskSecrets(change.after),
    createdAt: new Date(context.now()),
  })
  return id
}
