import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core'
import { cascadingReference, timestampColumn } from '../../db/columns'
import { apps } from '../apps/schema'

/**
 * `oauth_flows`: one OAuth sign-in or link in progress (docs/security.md properties 33–37).
 * - `id`: the server's `state` at the provider, 32 CSPRNG bytes as base64url (security property 34);
 * - `client_state` and `code_challenge`: the client's `state_code` and PKCE S256 challenge from `oauth/init`;
 * - `redirect_to`: where the callback sends the browser, on one of the app's allowed origins (security property 36);
 * - `callback_url`: the redirect URI sent to the provider (the server's own callback), sent again with the code;
 * - `pkce_verifier` and `nonce`: the server's own PKCE verifier and OIDC nonce for the provider (security property 35);
 * - `expires_at`: 10 min after init; `callback_at`: set once by the provider's callback (single use);
 * - `code_hash`: SHA-256 (hex) of the one-time code handed to the client, UNIQUE; `code_expires_at` ≤ 10 min
 *   after the callback; `consumed_at`: set once by `oauth/authenticate` or `oauth/link` (security property 37);
 * - `result`: the provider's user and tokens, sealed with AES-256-GCM under a key derived from the master key.
 */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    appId: cascadingReference('app_id', () => apps.id),
    provider: text('provider').notNull(),
    clientState: text('client_state').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    redirectTo: text('redirect_to').notNull(),
    callbackUrl: text('callback_url').notNull(),
    pkceVerifier: text('pkce_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    callbackAt: timestampColumn('callback_at'),
    codeHash: varchar('code_hash', { length: 64 }).unique('oauth_flows_code_hash_unique'),
    codeExpiresAt: timestampColumn('code_expires_at'),
    consumedAt: timestampColumn('consumed_at'),
    result: text('result'),
  },
  (table) => [index('oauth_flows_expires_at_idx').on(table.expiresAt)],
)
