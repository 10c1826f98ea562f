import type { FoyerDatabase } from '../db/FoyerDatabase'
import { migrate } from '../db/migrate'
import { seedDemoApp } from '../demo/demoApps'
import { sealAppSecrets } from '../features/apps/sealAppSecrets'
import { checkMasterKey } from '../features/masterKey/checkMasterKey'
import type { ServerConfig } from './loadConfig'

/** The settings of the environment that {@link prepareDatabase} reads. */
export type PrepareDatabaseConfig = Pick<ServerConfig, 'env' | 'masterKey'> &
  Partial<
    Pick<
      ServerConfig,
      | 'demoHostJwksUrl'
      | 'demoOAuthSettings'
      | 'demoTelegramSettings'
      | 'demoFarcaster'
      | 'demoFarcasterDeveloperAccount'
      | 'demoProviderWebUrl'
      | 'demoCoinbase'
      | 'demoIcloud'
      | 'demoSmartWallets'
      | 'demoGasSponsorship'
      | 'demoDelegatedActions'
    >
  >

/**
 * What `foyer-server start` does to the database before serving: applies the migrations, checks that the
 * master key opens every app's sealed keys and settings, seals third-party secrets still in the clear, and
 * outside production seeds the demo apps (never in production). Throws `Error` with a message naming the
 * cause (a wrong or rotated `FOYER_MASTER_KEY`: see `docs/operations.md#master-key`).
 *
 * @example await prepareDatabase(db, config)
 */
export async function prepareDatabase(db: FoyerDatabase, config: PrepareDatabaseConfig): Promise<void> {
  await migrate(db)
  const check = await checkMasterKey(db, config.masterKey, { all: true })
  if (!check.ok) throw new Error(check.message)
  await sealAppSecrets(db, config.masterKey)
  if (config.env === 'production') return
  await seedDemoApp(db, {
    masterKey: config.masterKey,
    env: config.env,
    hostJwksUrl: config.demoHostJwksUrl,
    oauthSettings: config.demoOAuthSettings,
    telegramSettings: config.demoTelegramSettings,
    farcasterAuth: config.demoFarcaster,
    farcasterDeveloperAccount: config.demoFarcasterDeveloperAccount,
    providerWebUrl: config.demoProviderWebUrl,
    coinbase: config.demoCoinbase,
    icloud: config.demoIcloud,
    smartWallets: config.demoSmartWallets,
    gasSponsorship: config.demoGasSponsorship,
    delegatedActions: config.demoDelegatedActions,
  })
}
