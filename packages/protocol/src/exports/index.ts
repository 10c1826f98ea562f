/**
 * `@foyer/protocol`: the wire contract shared by the server, the clients and the wallet frame. Each module's
 * exports are public unless listed by name.
 */
export * from '../constants/cookies'
export * from '../constants/crossApp'
export * from '../constants/farcaster'
export * from '../constants/farcasterSigner'
export * from '../constants/funding'
export * from '../constants/headers'
export * from '../constants/limits'
export * from '../constants/oauth'
export * from '../constants/telegram'
export * from '../constants/walletClient'

export type { Endpoint } from '../endpoints/Endpoint'
export * from '../endpoints/endpointPath'
export * from '../endpoints/endpoints'
export * from '../endpoints/endpointTypes'
export * from '../endpoints/routeSchema'
export * from '../errors/errorCodes'
export * from '../errors/errorResponse'
export * from '../format/maskPhoneNumber'
export * from '../format/sanitizeColor'
export * from '../format/sanitizeFontFamily'
export * from '../origins/isOriginAllowed'
export * from '../origins/normalizeOriginPattern'
export * from '../origins/patternsMatchingOrigin'
export * from '../passkeys/webauthnWire'

export * from '../schemas/accountTransfer'
export * from '../schemas/analytics'
export * from '../schemas/appConfig'
export * from '../schemas/apps'
export * from '../schemas/auth'
export * from '../schemas/coinbaseOnRamp'
export * from '../schemas/common'
export * from '../schemas/crossApp'
export * from '../schemas/crossAppAccount'
export * from '../schemas/customJwt'
export * from '../schemas/farcaster'
export * from '../schemas/farcasterSigner'
export * from '../schemas/forkSession'
export * from '../schemas/frame/addWallet'
export * from '../schemas/frame/connectWallet'
export * from '../schemas/frame/createWallet'
export * from '../schemas/frame/exportFrameTheme'
export * from '../schemas/frame/exportWallet'
export * from '../schemas/frame/farcasterSigner'
export * from '../schemas/frame/frameEnvelope'
export * from '../schemas/frame/frameError'
export * from '../schemas/frame/frameEvent'
export * from '../schemas/frame/frameMessageSchemas'
export * from '../schemas/frame/frameWallet'
export {
  type FrameMfaInitEnrollmentReply,
  type FrameMfaInitEnrollmentRequest,
  type FrameMfaSubmitEnrollmentRequest,
  type FrameMfaUnenrollRequest,
  type FrameMfaVerifyRequest,
  frameMfaInitEnrollmentReplySchema,
  frameMfaInitEnrollmentRequestSchema,
  frameMfaMethodReplySchema,
  frameMfaSubmitEnrollmentRequestSchema,
  frameMfaUnenrollRequestSchema,
  frameMfaVerifyRequestSchema,
} from '../schemas/frame/mfa'
export * from '../schemas/frame/ready'
export * from '../schemas/frame/rpc'
export * from '../schemas/funding'
export * from '../schemas/guest'
export * from '../schemas/mfa'
export * from '../schemas/oauth'
export {
  appleOAuthAccountSchema,
  discordOAuthAccountSchema,
  githubOAuthAccountSchema,
  googleOAuthAccountSchema,
  instagramOAuthAccountSchema,
  linkedinOAuthAccountSchema,
  type OAuthAccount,
  oauthAccountSchemas,
  oauthProviderSchema,
  spotifyOAuthAccountSchema,
  tiktokOAuthAccountSchema,
  twitterOAuthAccountSchema,
} from '../schemas/oauthAccounts'
export * from '../schemas/optionalBody'
export * from '../schemas/passkeys'
export * from '../schemas/passwordless'
export * from '../schemas/refuseControlCharacters'
export * from '../schemas/sessions'
export * from '../schemas/siwe'
export * from '../schemas/sms'
export * from '../schemas/telegram'
export * from '../schemas/tokens'
export * from '../schemas/user'
export * from '../schemas/walletDevices'
export * from '../schemas/wallets'
