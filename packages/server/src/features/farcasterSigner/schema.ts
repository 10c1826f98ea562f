import { index, pgTable, text, unique } from 'drizzle-orm/pg-core'
import { cascadingReference, idColumn, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'
import { users } from '../users/schema'

/**
 * `farcaster_signers`: the Farcaster signer keys a user asked the app to hold (docs/wire.md "Farcaster
 * signer"; the private keys stay in the user's wallet frame). One row per (app, public key): UNIQUE, so a
 * key belongs to one user. `status` is `pending_approval`, `approved` or `revoked`; `token` and
 * `approval_url` are the Farcaster client's signed key request; `deadline` its expiry; `fid` the user's
 * fid once the request was decided.
 */
export const farcasterSigners = pgTable(
  'farcaster_signers',
  {
    id: idColumn(),
    appId: cascadingReference('app_id', () => apps.id),
    userId: cascadingReference('user_id', () => users.id),
    publicKey: text('public_key').notNull(),
    status: text('status').notNull(),
    token: text('token').notNull(),
    approvalUrl: text('approval_url').notNull(),
    deadline: timestampColumn('deadline').notNull(),
    fid: text('fid'),
    createdAt: timestampColumn('created_at').notNull(),
    updatedAt: timestampColumn('updated_at').notNull(),
  },
  (table) => [
    unique('farcaster_signers_app_public_key_unique').on(table.appId, table.publicKey),
    index('farcaster_signers_user_id_idx').on(table.userId),
  ],
)
