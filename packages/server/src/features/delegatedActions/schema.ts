import type { WalletPolicy } from '@foyer/protocol'
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core'
import { cascadingReference, ID_LENGTH, idColumn, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'
import { users } from '../users/schema'
import { embeddedWallets } from '../wallets/schema'

/**
 * `wallet_delegations`: one row per delegated embedded wallet (docs/delegated-actions.md#consent). `share`
 * is the device share as the frame encrypted it to the signer (JSON `{ encapsulated_key, ciphertext }`,
 * HPKE, bound to the app, user, entropy and terms): the server cannot open it; `policy` and `daily_value_limit_wei` are the app's, copied when the user consented, so a later
 * change of the app's settings never widens what the user agreed to. UNIQUE (wallet_id); revoking deletes
 * the row (and so the sealed share).
 */
export const walletDelegations = pgTable(
  'wallet_delegations',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    walletId: cascadingReference('wallet_id', () => embeddedWallets.id),
    share: text('share').notNull(),
    policy: jsonb('policy').$type<WalletPolicy>().notNull(),
    dailyValueLimitWei: numeric('daily_value_limit_wei', { precision: 78, scale: 0 }),
    createdAt: timestampColumn('created_at').notNull(),
  },
  (table) => [
    unique('wallet_delegations_wallet_unique').on(table.walletId),
    index('wallet_delegations_user_id_idx').on(table.userId),
  ],
)

/**
 * `delegated_spending`: native value (wei) the app sent from a wallet per UTC day. A send adds its value in
 * one statement that refuses to pass the limit (docs/delegated-actions.md#limits), so two concurrent
 * sends cannot both pass it.
 */
export const delegatedSpending = pgTable(
  'delegated_spending',
  {
    walletId: cascadingReference('wallet_id', () => embeddedWallets.id),
    day: date('day', { mode: 'string' }).notNull(),
    spentWei: numeric('spent_wei', { precision: 78, scale: 0 }).notNull(),
  },
  (table) => [primaryKey({ name: 'delegated_spending_pk', columns: [table.walletId, table.day] })],
)

/**
 * `delegated_requests`: every wallet-API request that passed the authorization signature, the record of
 * delegated signatures (docs/delegated-actions.md#activity) — who (app, user, `wallet_id` and address), what
 * (`method`, `request_hash` of the signed request; a send's or typed data's chain as CAIP-2 `caip2`, a
 * send's `to_address` and `value_wei`), the policy's `decision`, `rule` and `reason`, the `result` (null
 * while it runs) and when. UNIQUE (app_id, idempotency_key): a key acts once; a retry gets the stored result.
 * The user's list reads (user_id, app_id, created_at, id).
 */
export const delegatedRequests = pgTable(
  'delegated_requests',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    walletId: varchar('wallet_id', { length: ID_LENGTH }).references(() => embeddedWallets.id, {
      onDelete: 'set null',
    }),
    walletAddress: text('wallet_address').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    method: text('method').notNull(),
    caip2: text('caip2'),
    toAddress: text('to_address'),
    valueWei: numeric('value_wei', { precision: 78, scale: 0 }),
    decision: text('decision').notNull(),
    rule: text('rule'),
    reason: text('reason'),
    status: integer('status'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestampColumn('created_at').notNull(),
  },
  (table) => [
    unique('delegated_requests_app_key_unique').on(table.appId, table.idempotencyKey),
    index('delegated_requests_user_id_idx').on(table.userId),
    index('delegated_requests_user_list_idx').on(table.userId, table.appId, table.createdAt, table.id),
  ],
)

/**
 * `webhook_deliveries`: the outbox of the app's delegated-actions events (docs/delegated-actions.md#webhooks).
 * `body` is the exact JSON posted and signed; `url` where it goes. A row is due while `delivered_at` and
 * `failed_at` are null and `next_attempt_at` has passed; a sender claims it by moving `next_attempt_at` a
 * lease ahead in one statement (`FOR UPDATE SKIP LOCKED`), so one process sends it at a time. `attempts`
 * counts the tries, `last_status` the last answer's HTTP status (null: no answer).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    eventType: text('event_type').notNull(),
    url: text('url').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    nextAttemptAt: timestampColumn('next_attempt_at').notNull(),
    deliveredAt: timestampColumn('delivered_at'),
    failedAt: timestampColumn('failed_at'),
    createdAt: timestampColumn('created_at').notNull(),
  },
  (table) => [index('webhook_deliveries_due_idx').on(table.nextAttemptAt)],
)
