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
export {
  COPY_FEEDBACK_MS,
  DETAILS_PANEL_MAX_HEIGHT_PX,
  GENERATED_PASSWORD_WORDS,
  KEY_EXPORT_MIN_DISPLAY_MS,
  LAMPORTS_PER_SOL,
  PASSWORD_BUTTON_DELAY_MS,
  PASSWORD_STRENGTH_MEDIUM,
  PASSWORD_STRENGTH_STRONG,
  PASSWORD_VARIETY_MIN_LENGTH,
  TYPED_DATA_VIEW_MAX_HEIGHT_PX,
  WALLET_PROXY_READY_TIMEOUT_MS,
  WALLET_RPC_TIMEOUT_MS,
} from '../constants/walletClient'
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
  type CustomJwtAuthConfig,
  type CustomJwtAuthenticateRequest,
  customJwtAlgorithmSchema,
  customJwtAuthConfigSchema,
  customJwtAuthenticateRequestSchema,
} from '../schemas/customJwt'
export {
  type ForkSessionRequest,
  type ForkSessionResponse,
  forkSessionRequestSchema,
  forkSessionResponseSchema,
  type RecoverForkedSessionRequest,
  recoverForkedSessionRequestSchema,
} from '../schemas/forkSession'
export {
  type FrameAddWalletRequest,
  frameAddWalletRequestSchema,
} from '../schemas/frame/addWallet'
export {
  type FrameConnectWalletRequest,
  type FrameRecoverWalletRequest,
  type FrameSetRecoveryRequest,
  frameConnectWalletRequestSchema,
  frameRecoverWalletRequestSchema,
  frameSetRecoveryRequestSchema,
} from '../schemas/frame/connectWallet'
export {
  type FrameCreateWalletRequest,
  frameCreateEthereumWalletRequestSchema,
  frameCreateSolanaWalletRequestSchema,
  frameCreateWalletRequestSchema,
} from '../schemas/frame/createWallet'
export {
  type FrameExportWalletRequest,
  frameExportWalletReplySchema,
  frameExportWalletRequestSchema,
} from '../schemas/frame/exportWallet'
export {
  type FrameReply,
  type FrameRequest,
  frameAccessTokenSchema,
  frameErrorReplySchema,
  frameReplySchema,
  frameRequestIdSchema,
  frameRequestSchema,
  frameSuccessReplySchema,
} from '../schemas/frame/frameEnvelope'
export {
  type FrameError,
  type FrameErrorType,
  frameErrorSchema,
  frameErrorTypeSchema,
  frameErrorTypes,
  rpcErrorCodes,
} from '../schemas/frame/frameError'
export { type FrameEvent, frameEventSchema, frameEvents } from '../schemas/frame/frameEvent'
export {
  type FrameReplyData,
  type FrameRequestData,
  frameMessageSchemas,
} from '../schemas/frame/frameMessageSchemas'
export {
  type FrameEntropyState,
  type FrameWallet,
  frameEntropyIdSchema,
  frameEntropyStateSchema,
  frameWalletSchema,
} from '../schemas/frame/frameWallet'
export { frameReadyReplySchema, frameReadyRequestSchema } from '../schemas/frame/ready'
export {
  type EthereumRpcMethod,
  ethereumRpcMethods,
  type FrameChain,
  type FrameRpcReply,
  type FrameRpcRequest,
  frameChainSchema,
  frameEthereumRpcRequestSchema,
  frameRpcCallSchema,
  frameRpcReplySchema,
  frameRpcRequestSchema,
  frameSolanaRpcRequestSchema,
  type SolanaRpcMethod,
  solanaRpcMethods,
  solanaSignMessageParamsSchema,
  solanaTransactionParamsSchema,
} from '../schemas/frame/rpc'
export {
  type GuestAuthenticateRequest,
  guestAuthenticateRequestSchema,
  guestCredentialSchema,
} from '../schemas/guest'
export {
  PASSKEY_LIMIT,
  PASSKEY_LIST_PREVIEW_COUNT,
  type PasskeyAuthenticateInitRequest,
  type PasskeyAuthenticateRequest,
  type PasskeyAuthenticationResponse,
  type PasskeyInitResponse,
  type PasskeyLinkRequest,
  type PasskeyRegistrationResponse,
  type PasskeyUnlinkRequest,
  passkeyAuthenticateInitRequestSchema,
  passkeyAuthenticateRequestSchema,
  passkeyAuthenticationResponseSchema,
  passkeyInitResponseSchema,
  passkeyLinkRequestSchema,
  passkeyRegistrationResponseSchema,
  passkeyUnlinkRequestSchema,
} from '../schemas/passkeys'
export {
  type PasswordlessAuthenticateRequest,
  type PasswordlessInitRequest,
  type PasswordlessLinkRequest,
  passwordlessAuthenticateRequestSchema,
  passwordlessInitRequestSchema,
  passwordlessLinkRequestSchema,
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
  type CustomJwtAccount,
  customJwtAccountSchema,
  type EmailAccount,
  emailAccountSchema,
  type GuestAccount,
  guestAccountSchema,
  type LinkedAccount,
  type LinkedAccountType,
  linkedAccountSchema,
  type MfaMethod,
  mfaMethodSchema,
  type PasskeyAccount,
  passkeyAccountSchema,
  type User,
  userSchema,
} from '../schemas/user'
export {
  type AuthShareResponse,
  authShareResponseSchema,
  base64Schema,
  type ChainType,
  type CreateAdditionalEmbeddedWalletRequest,
  type CreateEmbeddedWalletRequest,
  chainTypeSchema,
  createAdditionalEmbeddedWalletRequestSchema,
  createEmbeddedWalletRequestSchema,
  type EmbeddedWallet,
  type EmbeddedWalletResponse,
  type EmbeddedWalletsResponse,
  type EntropyIdVerifier,
  type EntropyRef,
  embeddedWalletResponseSchema,
  embeddedWalletSchema,
  embeddedWalletsResponseSchema,
  entropyIdVerifierSchema,
  entropyRefSchema,
  ethereumAddressSchema,
  RECOVERY_PASSWORD_MIN_LENGTH,
  RECOVERY_PBKDF2_ITERATIONS,
  type RecoveryMaterial,
  type RecoveryMethod,
  type RecoveryUpload,
  recoveryMaterialSchema,
  recoveryMethodSchema,
  recoveryUploadSchema,
  type SetRecoveryRequest,
  type SupportedRecoveryMethod,
  setRecoveryRequestSchema,
  solanaAddressSchema,
  supportedRecoveryMethodSchema,
  type UnlinkWalletRequest,
  unlinkWalletRequestSchema,
  WALLET_CREATE_TIMEOUT_MS,
  type WalletAccount,
  walletAccountSchema,
  walletAddressSchema,
  walletIndexSchema,
  walletShareSchema,
} from '../schemas/wallets'
