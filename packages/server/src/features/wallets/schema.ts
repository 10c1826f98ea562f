import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core'
import { cascadingReference, idColumn, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'
import { users } from '../users/schema'

/**
 * `wallet_entropies`: the roots of a user's embedded wallets (docs/security.md, docs/embedded-wallets.md): one
 * generated BIP39 entropy per (user, chain type), and one row per imported private key (`imported`, its
 * only wallet at index 0). The server never sees the entropy or the key, only:
 * - `auth_share`: the auth Shamir share, sealed with AES-256-GCM under a master-key sub-key (`v1.…`);
 * - `recovery`: the recovery material the frame uploaded (the share encrypted by the frame, plus for
 *   `privy` the recovery key), as JSON sealed the same way;
 * - `entropy_id`: the index-0 address. A UNIQUE index on (user_id, chain_type) over the generated rows
 *   (`NOT imported`) keeps one entropy per chain type even when creates race (docs/security.md property 66);
 *   (app, chain type, entropy id) is unique, so a key is imported once per app.
 */
export const walletEntropies = pgTable(
  'wallet_entropies',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    chainType: text('chain_type').notNull(),
    entropyId: text('entropy_id').notNull(),
    authShare: text('auth_share').notNull(),
    recoveryMethod: text('recovery_method').notNull(),
    recovery: text('recovery').notNull(),
    imported: boolean('imported').notNull().default(false),
    createdAt: timestampColumn('created_at').notNull(),
    updatedAt: timestampColumn('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('wallet_entropies_user_chain_generated_unique')
      .on(table.userId, table.chainType)
      .where(sql`not ${table.imported}`),
    unique('wallet_entropies_app_chain_entropy_unique').on(table.appId, table.chainType, table.entropyId),
  ],
)

/**
 * `embedded_wallets`: one HD account (index) of an entropy. UNIQUE (entropy_row_id, wallet_index) so that
 * racing creates end with one wallet per index; the address is unique per (app, chain type).
 */
export const embeddedWallets = pgTable(
  'embedded_wallets',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    entropyRowId: cascadingReference('entropy_row_id', () => walletEntropies.id),
    chainType: text('chain_type').notNull(),
    walletIndex: integer('wallet_index').notNull(),
    address: text('address').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
  },
  (table) => [
    unique('embedded_wallets_entropy_index_unique').on(table.entropyRowId, table.walletIndex),
    unique('embedded_wallets_app_chain_address_unique').on(table.appId, table.chainType, table.address),
    index('embedded_wallets_user_id_idx').on(table.userId),
    // The operator console's search by address, any case for Ethereum (docs/console.md#users).
    index('embedded_wallets_lower_address_idx').on(sql`lower(${table.address})`),
  ],
)
