export type { CreateAppOptions } from '../CreateAppOptions'
export { createApp } from '../createApp'
export { REFRESH_TOKEN_GRACE_SECONDS, SESSION_IDLE_TIMEOUT_SECONDS } from '../createServerContext'
export type { FoyerDatabase, FoyerOrm } from '../db/FoyerDatabase'
export { migrate, migrationsFolder } from '../db/migrate'
export { type OpenDatabaseParameters, openDatabase } from '../db/openDatabase'
export {
  DEMO_APP_ID,
  DEMO_APP_NAME,
  DEMO_CAPTCHA_APP_ID,
  DEMO_CAPTCHA_APP_NAME,
  DEMO_CONSOLE_OPERATOR,
  DEMO_PROVIDER_APP_ID,
  DEMO_TERMS_APP_ID,
  type SeedDemoAppParameters,
  seedDemoApp,
} from '../demo/demoApps'
export { errorStatus } from '../errors/errorStatus'
export { FoyerHttpError } from '../errors/FoyerHttpError'
export type { Feature, FoyerPlugin, PluginRoutes, SignInMethod } from '../FoyerPlugin'
export { analytics } from '../features/analytics/plugin'
export {
  type AppRecord,
  type CreateAppRecordParameters,
  createAppRecord,
  findAppRecord,
  listAppRecords,
  updateAppSettings,
} from '../features/apps/service'
export type { CaptchaOptions } from '../features/captcha/captchaSettings'
export { type OperatorConsoleOptions, operatorConsole } from '../features/console/plugin'
export { crossApp } from '../features/crossApp/method'
export { type CustomJwtOptions, customJwt } from '../features/customJwt/method'
export type { JwksOptions } from '../features/customJwt/verifyCustomJwt'
export { type DelegatedActionsOptions, delegatedActions } from '../features/delegatedActions/plugin'
export { createSigner, type Signer } from '../features/delegatedActions/signer/createSigner'
export { generateSignerKeyPair } from '../features/delegatedActions/signer/hpke'
export type { SignerClient } from '../features/delegatedActions/signer/signerProtocol'
export { createSignerServer } from '../features/delegatedActions/signer/signerServer'
export { farcaster } from '../features/farcaster/method'
export type { FarcasterOptions } from '../features/farcaster/settings'
export { farcasterSigners } from '../features/farcasterSigner/plugin'
export type { FarcasterSignerOptions } from '../features/farcasterSigner/signedKeyRequestApi'
export type { FundingOptions } from '../features/funding/fundingSettings'
export { funding } from '../features/funding/plugin'
export { type GasSponsorshipOptions, gasSponsorship } from '../features/gasSponsorship/plugin'
export { guest } from '../features/guest/method'
export type { DevMailboxMessage } from '../features/mail/devMailbox'
export { type MfaOptions, mfa } from '../features/mfa/plugin'
export { oauth } from '../features/oauth/method'
export type { OAuthOptions } from '../features/oauth/providers'
export { passkeys } from '../features/passkeys/method'
export { email } from '../features/passwordless/method'
export { serverApi } from '../features/serverApi/plugin'
export { siwe } from '../features/siwe/method'
export type { SiweOptions } from '../features/siwe/SiweContext'
export { type SmsOptions, sms } from '../features/sms/method'
export type { TwilioOptions } from '../features/sms/smsSender'
export type { TelegramOptions } from '../features/telegram/loaderScript'
export { telegram } from '../features/telegram/method'
export { defaultRateLimits, type RateLimitRule, type RateLimitsOptions } from '../http/resolveRateLimits'
