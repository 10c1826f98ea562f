export {
  type AuthorizationKeyPair,
  authorizationPublicKey,
  generateAuthorizationKeyPair,
  signAuthorizationRequest,
} from '../authorization/authorizationKeys'
export { InvalidTokenError, type InvalidTokenErrorCode } from '../errors/InvalidTokenError'
export type {
  JwksUrlParameters,
  VerificationKeyParameters,
  VerificationKeySource,
} from '../keys/VerificationKeySource'
export type { VerifyTokenOptions } from '../verify/VerifyTokenOptions'
export { type VerifyAccessTokenReturnType, verifyAccessToken } from '../verify/verifyAccessToken'
export type { FoyerTokenClaims } from '../verify/verifyFoyerToken'
export { type VerifyIdentityTokenReturnType, verifyIdentityToken } from '../verify/verifyIdentityToken'
export {
  createWalletApiClient,
  type WalletApiClient,
  type WalletApiClientOptions,
  WalletApiError,
} from '../walletApi/createWalletApiClient'
