import { date, index, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { cascadingReference, idColumn, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'
import { users } from '../users/schema'

/**
 * `gas_sponsorship_spending`: the gas cost (wei) the app's verifying paymaster signed for per user and UTC
 * day, counted at each operation's maximum. A sponsorship adds its cost in one statement that refuses to
 * pass the app's daily limit (docs/gas-sponsorship.md#limits), so two concurrent requests cannot both pass
 * it.
 */
export const gasSponsorshipSpending = pgTable(
  'gas_sponsorship_spending',
  {
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    spentWei: numeric('spent_wei', { precision: 78, scale: 0 }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'gas_sponsorship_spending_pk', columns: [table.appId, table.userId, table.day] }),
  ],
)

/**
 * `gas_sponsorships`: every user operation the app's paymaster signed for (docs/gas-sponsorship.md#records):
 * who (app, user), the account (`sender`), `chain_id`, `entry_point`, the operation's `nonce` (decimal),
 * `max_cost_wei` counted against the limit, the `paymaster` and the signature's `valid_until` (Unix
 * seconds).
 */
export const gasSponsorships = pgTable(
  'gas_sponsorships',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    sender: text('sender').notNull(),
    chainId: numeric('chain_id', { precision: 20, scale: 0 }).notNull(),
    entryPoint: text('entry_point').notNull(),
    nonce: numeric('nonce', { precision: 78, scale: 0 }).notNull(),
    paymaster: text('paymaster').notNull(),
    maxCostWei: numeric('max_cost_wei', { precision: 78, scale: 0 }).notNull(),
    validUntil: numeric('valid_until', { precision: 20, scale: 0 }).notNull(),
    createdAt: timestampColumn('created_at').notNull(),
  },
  (table) => [index('gas_sponsorships_app_user_idx').on(table.appId, table.userId)],
)
