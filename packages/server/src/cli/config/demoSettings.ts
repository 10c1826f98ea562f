/** The `FOYER_DEMO_*` variables: what `foyer-server start` gives the demo apps outside production. */
import {
  appSettingsSchema,
  type FarcasterDeveloperAccount,
  farcasterDeveloperAccountSchema,
  fundingProvidersSettingsSchema,
  gasSponsorshipSettingsSchema,
  icloudRecoverySettingsSchema,
  isIcloudRecoveryConfigured,
  smartWalletConfigSchema,
} from '@foyer/protocol'
import type { z } from 'zod'
import { parseJsonVariable } from './parseVariables'

/** The demo app's OAuth settings: the nine provider flags and the server-only `oauth` object. */
const demoOAuthSettingsSchema = appSettingsSchema
  .pick({
    google_oauth: true,
    discord_oauth: true,
    github_oauth: true,
    linkedin_oauth: true,
    twitter_oauth: true,
    spotify_oauth: true,
    instagram_oauth: true,
    tiktok_oauth: true,
    apple_oauth: true,
    oauth: true,
  })
  .partial()
  .strict()
/** See {@link ServerConfig.demoOAuthSettings}. */
export type DemoOAuthSettings = z.infer<typeof demoOAuthSettingsSchema>

/**
 * Parses `FOYER_DEMO_OAUTH_SETTINGS_JSON` (see {@link ServerConfig.demoOAuthSettings}). Throws `Error` naming
 * the variable when it is not JSON or not that shape.
 *
 * @example parseDemoOAuthSettings('{"google_oauth":true,"oauth":{"clients":{},"return_tokens":false}}')
 */
export function parseDemoOAuthSettings(value: string | undefined): DemoOAuthSettings | undefined {
  return parseJsonVariable('FOYER_DEMO_OAUTH_SETTINGS_JSON', value, demoOAuthSettingsSchema)
}

/** What `FOYER_DEMO_ICLOUD_JSON` holds: the app's iCloud container, with its container and API token set. */
export const demoIcloudSettingsSchema = icloudRecoverySettingsSchema.refine(isIcloudRecoveryConfigured, {
  message: 'container_identifier and api_token are required',
})
/** See {@link ServerConfig.demoIcloud}. */
export type DemoIcloudSettings = z.infer<typeof demoIcloudSettingsSchema>

/** What `FOYER_DEMO_COINBASE_JSON` holds (see {@link ServerConfig.demoCoinbase}). */
export const demoCoinbaseSettingsSchema = fundingProvidersSettingsSchema.shape.coinbase.unwrap()
/** See {@link ServerConfig.demoCoinbase}. */
export type DemoCoinbaseSettings = z.infer<typeof demoCoinbaseSettingsSchema>

/** What `FOYER_DEMO_SMART_WALLETS_JSON` holds (see {@link ServerConfig.demoSmartWallets}). */
export const demoSmartWalletsSettingsSchema = smartWalletConfigSchema
/** See {@link ServerConfig.demoSmartWallets}. */
export type DemoSmartWalletsSettings = z.infer<typeof demoSmartWalletsSettingsSchema>

/** What `FOYER_DEMO_GAS_SPONSORSHIP_JSON` holds (see {@link ServerConfig.demoGasSponsorship}). */
export const demoGasSponsorshipSettingsSchema = gasSponsorshipSettingsSchema
/** See {@link ServerConfig.demoGasSponsorship}. */
export type DemoGasSponsorshipSettings = z.infer<typeof demoGasSponsorshipSettingsSchema>

/** The Telegram settings `FOYER_DEMO_TELEGRAM_SETTINGS_JSON` may set (see {@link ServerConfig.demoTelegramSettings}). */
export const demoTelegramSettingsSchema = appSettingsSchema
  .pick({ telegram_auth: true, telegram_auth_config: true, telegram_bot_token: true })
  .partial()
  .strict()
/** See {@link ServerConfig.demoTelegramSettings}. */
export type DemoTelegramSettings = z.infer<typeof demoTelegramSettingsSchema>

/**
 * Parses `FOYER_DEMO_FARCASTER_DEVELOPER_JSON` (see {@link ServerConfig.demoFarcasterDeveloperAccount}).
 * Throws `Error` naming the variable when it is not JSON or not a developer account.
 */
export function parseDemoFarcasterDeveloper(
  value: string | undefined,
): FarcasterDeveloperAccount | undefined {
  if (value === undefined) return undefined
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    throw new Error('Invalid environment:\n  FOYER_DEMO_FARCASTER_DEVELOPER_JSON: not JSON')
  }
  const parsed = farcasterDeveloperAccountSchema.safeParse(json)
  if (!parsed.success)
    throw new Error(
      `Invalid environment:\n  FOYER_DEMO_FARCASTER_DEVELOPER_JSON: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    )
  return parsed.data
}
