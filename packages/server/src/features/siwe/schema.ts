import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { cascadingReference, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'

/**
 * `wallet_nonces`: one SIWE/SIWS sign-in nonce (docs/security.md property 38) — 128 CSPRNG bits as 32 hex
 * characters, bound to the app, the chain family ('ethereum' | 'solana') and the address it was issued to
 * (canonical: lower-case 0x for Ethereum, base58 for Solana), expiring 10 min after issue, single use
 * (`consumed_at`, set by one atomic `UPDATE … WHERE consumed_at IS NULL … RETURNING`).
 */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    nonce: varchar('nonce', { length: 64 }).primaryKey(),
    appId: cascadingReference('app_id', () => apps.id),
    chainType: text('chain_type').$type<'ethereum' | 'solana'>().notNull(),
    address: text('address').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    consumedAt: timestampColumn('consumed_at'),
  },
  (table) => [index('wallet_nonces_expires_at_idx').on(table.expiresAt)],
)
