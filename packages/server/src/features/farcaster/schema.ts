import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { cascadingReference, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'

/**
 * `farcaster_channels`: one Sign In With Farcaster request opened on the auth relay (docs/modal.md;
 * docs/security.md properties 38, 44):
 * - `channel_token`: the relay's token for the channel (the client polls with it), UNIQUE;
 * - `nonce`: the server's own nonce (128 CSPRNG bits, hex), given to the relay for the message, UNIQUE;
 * - `domain` and `siwe_uri`: what the message must say (the relying party: one of the app's allowed origins);
 * - `expires_at`: 10 min after init; `consumed_at`: set once by `farcaster/authenticate` or `farcaster/link`
 *   (one atomic `UPDATE … WHERE consumed_at IS NULL AND expires_at > now RETURNING`).
 */
export const farcasterChannels = pgTable(
  'farcaster_channels',
  {
    channelToken: varchar('channel_token', { length: 256 }).primaryKey(),
    appId: cascadingReference('app_id', () => apps.id),
    nonce: varchar('nonce', { length: 64 }).notNull().unique('farcaster_channels_nonce_unique'),
    domain: text('domain').notNull(),
    siweUri: text('siwe_uri').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    consumedAt: timestampColumn('consumed_at'),
  },
  (table) => [index('farcaster_channels_expires_at_idx').on(table.expiresAt)],
)
