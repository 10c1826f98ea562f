export type { CreateAppOptions } from '../CreateAppOptions'
export { createApp } from '../createApp'
export { REFRESH_TOKEN_GRACE_SECONDS, SESSION_IDLE_TIMEOUT_SECONDS } from '../createServerContext'
export type { FoyerDatabase, FoyerOrm } from '../db/FoyerDatabase'
export { migrate, migrationsFolder } from '../db/migrate'
export { type OpenDatabaseParameters, openDatabase } from '../db/openDatabase'
export { errorStatus } from '../errors/errorStatus'
export { FoyerHttpError } from '../errors/FoyerHttpError'
export {
  type AppRecord,
  type CreateAppRecordParameters,
  createAppRecord,
  DEMO_APP_ID,
  DEMO_APP_NAME,
  DEMO_CAPTCHA_APP_ID,
  DEMO_CAPTCHA_APP_NAME,
  DEMO_PROVIDER_APP_ID,
  DEMO_TERMS_APP_ID,
  findAppRecord,
  listAppRecords,
  type SeedDemoAppParameters,
  seedDemoApp,
  updateAppSettings,
} from '../features/apps/service'
export type { CaptchaOptions } from '../features/captcha/captchaSettings'
export type { JwksOptions } from '../features/customJwt/verifyCustomJwt'
export type { DevMailboxMessage } from '../features/mail/devMailbox'
export { defaultRateLimits, type RateLimitRule, type RateLimitsOptions } from '../http/resolveRateLimits'
