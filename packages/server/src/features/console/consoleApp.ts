import { CONSOLE_APP_ID } from '@foyer/protocol/console'
import { eq } from 'drizzle-orm'
import type { ServerContext } from '../../ServerContext'
import type { AppSettingsOverrides } from '../apps/mergeSettings'
import { apps } from '../apps/schema'
import { buildAppRow, updateAppSettings } from '../apps/service'

/** The console app's name, as the sign-in modal shows it. */
export const CONSOLE_APP_NAME = 'Foyer console'

/**
 * The console app's settings, put back at every start: email codes and passkeys to sign in, MFA by an
 * authenticator app or a passkey, no embedded wallet (docs/console.md#access).
 */
export const CONSOLE_APP_SETTINGS = {
  email_auth: true,
  sms_auth: false,
  passkey_auth: true,
  passkeys_for_signup_enabled: false,
  wallet_auth: false,
  solana_wallet_auth: false,
  mfa_methods: ['totp', 'passkey'],
  show_wallet_login_first: false,
  embedded_wallet_config: {
    create_on_login: 'off',
    ethereum: { create_on_login: 'off' },
    solana: { create_on_login: 'off' },
  },
} satisfies AppSettingsOverrides

/**
 * The console app's allowed origins: the server's public URL; without one (outside production only), any
 * port of `localhost` and `127.0.0.1`, where a development server runs. Throws `Error` in production
 * without a public URL: the console page's origin must be known.
 */
export function consoleAppOrigins(context: Pick<ServerContext, 'publicUrl' | 'env'>): string[] {
  if (context.publicUrl) return [new URL(context.publicUrl).origin]
  if (context.env === 'production')
    throw new Error('The console needs the server public URL (FOYER_PUBLIC_URL) in production')
  return ['http://localhost:*', 'http://127.0.0.1:*']
}

/**
 * Makes sure the built-in console app ({@link CONSOLE_APP_ID}) exists with its origins and
 * {@link CONSOLE_APP_SETTINGS}: created when missing (`INSERT … ON CONFLICT DO NOTHING`, so servers starting
 * together create it once), otherwise its origins and those settings are put back (others are kept).
 *
 * @example await ensureConsoleApp(context)
 */
export async function ensureConsoleApp(
  context: Pick<ServerContext, 'db' | 'masterKey' | 'now' | 'env' | 'publicUrl' | 'apps'>,
): Promise<void> {
  const allowedOrigins = consoleAppOrigins(context)
  const now = new Date(context.now())
  const row = await buildAppRow({
    id: CONSOLE_APP_ID,
    name: CONSOLE_APP_NAME,
    allowedOrigins,
    settings: CONSOLE_APP_SETTINGS,
    masterKey: context.masterKey,
    now,
  })
  const inserted = await context.db.orm
    .insert(apps)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: apps.id })
  if (inserted.length === 0) {
    await context.db.orm
      .update(apps)
      .set({ allowedOrigins: row.allowedOrigins, updatedAt: now })
      .where(eq(apps.id, CONSOLE_APP_ID))
    await updateAppSettings(context.db, CONSOLE_APP_ID, CONSOLE_APP_SETTINGS, context.masterKey, now)
  }
  context.apps.clear(CONSOLE_APP_ID)
}
