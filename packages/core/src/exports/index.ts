export { maskPhoneNumber } from '@foyer/protocol'
export { type AcceptTermsReturnType, acceptTerms } from '../actions/acceptTerms'
export {
  type AdoptForkedSessionParameters,
  type AdoptForkedSessionReturnType,
  adoptForkedSession,
} from '../actions/adoptForkedSession'
export { type ForkSessionReturnType, forkSession } from '../actions/forkSession'
export { type GetAccessTokenReturnType, getAccessToken } from '../actions/getAccessToken'
export {
  type GetRecentLoginMethodReturnType,
  getRecentLoginMethod,
} from '../actions/getRecentLoginMethod'
export { initialize } from '../actions/initialize'
export { type LinkEmailParameters, linkEmail } from '../actions/linkEmail'
export { linkPasskey } from '../actions/linkPasskey'
export { type LinkPhoneParameters, linkPhone } from '../actions/linkPhone'
export { type LoginAsGuestReturnType, loginAsGuest } from '../actions/loginAsGuest'
export { loginWithCustomAccessToken } from '../actions/loginWithCustomAccessToken'
export {
  type LoginWithEmailCodeParameters,
  type LoginWithEmailCodeReturnType,
  loginWithEmailCode,
} from '../actions/loginWithEmailCode'
export {
  type LoginWithPasskeyParameters,
  type LoginWithPasskeyReturnType,
  loginWithPasskey,
} from '../actions/loginWithPasskey'
export {
  type LoginWithSmsCodeParameters,
  type LoginWithSmsCodeReturnType,
  loginWithSmsCode,
} from '../actions/loginWithSmsCode'
export { logout } from '../actions/logout'
export { type RefreshSessionReturnType, refreshSession } from '../actions/refreshSession'
export { type SendEmailCodeParameters, sendEmailCode } from '../actions/sendEmailCode'
export { type SendSmsCodeParameters, sendSmsCode } from '../actions/sendSmsCode'
export {
  type SignUpWithPasskeyParameters,
  type SignUpWithPasskeyReturnType,
  signUpWithPasskey,
} from '../actions/signUpWithPasskey'
export {
  type CustomAuthParameters,
  type SyncCustomAuthReturnType,
  syncCustomAuth,
} from '../actions/syncCustomAuth'
export { type TrackEventParameters, trackEvent } from '../actions/trackEvent'
export { type UnlinkEmailParameters, unlinkEmail } from '../actions/unlinkEmail'
export { type UnlinkPasskeyParameters, unlinkPasskey } from '../actions/unlinkPasskey'
export { type UnlinkPhoneParameters, unlinkPhone } from '../actions/unlinkPhone'
export { type UpdateEmailParameters, updateEmail } from '../actions/updateEmail'
export { type UpdatePhoneParameters, updatePhone } from '../actions/updatePhone'
export { type SdkEventName, sdkEvents, trackSdkEvent } from '../analytics/sdkEvents'
export { defaultEthereumChain, type FoyerChain } from '../chains/FoyerChain'
export { defaultSolanaClusters, type SolanaCluster } from '../chains/SolanaCluster'
export {
  type CreateFoyerClientParameters,
  type CreateFoyerClientReturnType,
  createFoyerClient,
} from '../client/createFoyerClient'
export type { FoyerClient, FoyerState, FoyerStatus, WalletCreationState } from '../client/FoyerClient'
export { ApiError, type ApiErrorParameters } from '../errors/ApiError'
export { BaseError, type BaseErrorParameters, type FoyerError } from '../errors/BaseError'
export type { ClientErrorCode } from '../errors/clientErrorCodes'
export type { FoyerErrorCode } from '../errors/FoyerErrorCode'
export { InvalidAppIdError } from '../errors/InvalidAppIdError'
export { NetworkError } from '../errors/NetworkError'
export { NoAuthFlowError } from '../errors/NoAuthFlowError'
export { PasskeyNotAllowedError } from '../errors/PasskeyNotAllowedError'
export { RequestAbortedError } from '../errors/RequestAbortedError'
export { TimeoutError } from '../errors/TimeoutError'
export { WebAuthnNotSupportedError } from '../errors/WebAuthnNotSupportedError'
export { getPageLoadParameters, type PageLoadParameters } from '../session/pageLoadParameters'
export type { RecentLoginMethod } from '../session/recordRecentLoginMethod'
export { createLocalStorage } from '../storage/createLocalStorage'
export { createMemoryStorage } from '../storage/createMemoryStorage'
export type { FoyerStorage } from '../storage/FoyerStorage'
export { isValidEmail } from '../utils/isValidEmail'
export { passkeyDisplayName } from '../utils/passkeyDisplayName'
export { version } from '../version'
export type { EmbeddedWalletInfo } from '../wallet/EmbeddedWalletInfo'
export type { EmbeddedWalletsConfig } from '../wallet/EmbeddedWalletsConfig'
export { UserRejectedRequestError } from '../wallet/errors/UserRejectedRequestError'
export { getEmbeddedWallets } from '../wallet/getEmbeddedWallets'
export type {
  SendTransactionUiOptions,
  SignMessageUiOptions,
  WalletPrompt,
  WalletPromptResult,
  WalletUi,
} from '../wallet/ui/WalletPrompt'
