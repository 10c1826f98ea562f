export { cookieNames } from '../constants/cookies'
export { headers } from '../constants/headers'
export {
  ACCESS_TOKEN_EXPIRY_SKEW_MS,
  ACCESS_TOKEN_TTL_SECONDS,
  APP_ID_LENGTH,
  CODE_ERROR_RESET_MS,
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COOLDOWN_SECONDS,
  CODE_TTL_SECONDS,
  LANDING_RESET_DELAY_MS,
  MOBILE_BREAKPOINT_PX,
  MODAL_WIDTH_PX,
  REQUEST_TIMEOUT_MS,
  RETRY_BASE_DELAY_MS,
  RETRY_COUNT,
  RETRY_STATUSES,
  SESSION_ABSOLUTE_TTL_SECONDS,
} from '../constants/limits'
export { type ErrorCode, errorCodes, isErrorCode } from '../errors/errorCodes'
export { type ErrorResponse, errorResponseSchema } from '../errors/errorResponse'
export { type AnalyticsEventRequest, analyticsEventRequestSchema } from '../schemas/analytics'
export {
  type AppConfig,
  type AppSettings,
  allowlistConfigSchema,
  appConfigSchema,
  appSettingsSchema,
  type CreateOnLogin,
  createOnLoginSchema,
  defaultAppSettings,
  embeddedWalletConfigSchema,
  fundingConfigSchema,
  smartWalletConfigSchema,
  telegramAuthConfigSchema,
  userOwnedRecoveryOptionSchema,
} from '../schemas/appConfig'
export {
  type AuthResponse,
  authResponseSchema,
  oauthTokensSchema,
  type SessionUpdateAction,
  sessionUpdateActionSchema,
} from '../schemas/auth'
export {
  type AuthMode,
  appIdSchema,
  authModeSchema,
  codeSchema,
  emailSchema,
  type SuccessResponse,
  successResponseSchema,
  unixSecondsSchema,
} from '../schemas/common'
export {
  type ForkSessionRequest,
  type ForkSessionResponse,
  forkSessionRequestSchema,
  forkSessionResponseSchema,
  type RecoverForkedSessionRequest,
  recoverForkedSessionRequestSchema,
} from '../schemas/forkSession'
export {
  type PasswordlessAuthenticateRequest,
  type PasswordlessInitRequest,
  passwordlessAuthenticateRequestSchema,
  passwordlessInitRequestSchema,
} from '../schemas/passwordless'
export {
  type LogoutRequest,
  logoutRequestSchema,
  type RefreshSessionRequest,
  refreshSessionRequestSchema,
} from '../schemas/sessions'
export {
  ACCESS_TOKEN_TYP,
  type AccessTokenClaims,
  accessTokenClaimsSchema,
  IDENTITY_TOKEN_TYP,
  type IdentityTokenClaims,
  identityTokenClaimsSchema,
  TOKEN_ALG,
  toUserDid,
} from '../schemas/tokens'
export {
  type EmailAccount,
  emailAccountSchema,
  type LinkedAccount,
  type LinkedAccountType,
  linkedAccountSchema,
  type MfaMethod,
  mfaMethodSchema,
  type User,
  userSchema,
} from '../schemas/user'
