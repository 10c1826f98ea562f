import { and, eq, sql } from 'drizzle-orm'
import type { ServerContext } from '../../ServerContext'
import { delegatedSpending } from './schema'

/** The UTC day (`YYYY-MM-DD`) of `ms`. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * Adds `value` wei to the wallet's total of the UTC day in one statement that refuses to pass `limit`
 * (docs/delegated-actions.md#limits): an insert, or an update guarded by the new total, so that of two
 * concurrent sends that would together pass the limit exactly one row update succeeds. True when added.
 */
export async function reserveSpending(
  context: ServerContext,
  parameters: { walletId: string; day: string; value: bigint; limit: bigint },
): Promise<boolean> {
  if (parameters.value > parameters.limit) return false
  const rows = await context.db.orm
    .insert(delegatedSpending)
    .values({ walletId: parameters.walletId, day: parameters.day, spentWei: parameters.value.toString() })
    .onConflictDoUpdate({
      target: [delegatedSpending.walletId, delegatedSpending.day],
      set: { spentWei: sql`${delegatedSpending.spentWei} + excluded.spent_wei` },
      setWhere: sql`${delegatedSpending.spentWei} + excluded.spent_wei <= ${parameters.limit.toString()}::numeric`,
    })
    .returning({ spentWei: delegatedSpending.spentWei })
  return rows.length === 1
}

/** Gives back a reservation of a send that did not go out. */
export async function releaseSpending(
  context: ServerContext,
  parameters: { walletId: string; day: string; value: bigint },
): Promise<void> {
  await context.db.orm
    .update(delegatedSpending)
    .set({ spentWei: sql`${delegatedSpending.spentWei} - ${parameters.value.toString()}::numeric` })
    .where(
      and(eq(delegatedSpending.walletId, parameters.walletId), eq(delegatedSpending.day, parameters.day)),
    )
}
