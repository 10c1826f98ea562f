export { maskPhoneNumber } from '@foyer/protocol'
export {
  type TrackEventErrorType,
  type TrackEventParameters,
  trackEvent,
} from '../actions/analytics/trackEvent'
export {
  type LinkCustomAccessTokenErrorType,
  type LinkCustomAccessTokenParameters,
  linkCustomAccessToken,
} from '../actions/customAuth/linkCustomAccessToken'
export {
  type LoginWithCustomAccessTokenErrorType,
  loginWithCustomAccessToken,
} from '../actions/customAuth/loginWithCustomAccessToken'
export {
  type CustomAuthParameters,
  type SyncCustomAuthErrorType,
  type SyncCustomAuthReturnType,
  syncCustomAuth,
} from '../actions/customAuth/syncCustomAuth'
export { type LinkEmailErrorType, type LinkEmailParameters, linkEmail } from '../actions/email/linkEmail'
export {
  type LoginWithEmailCodeErrorType,
  type LoginWithEmailCodeParameters,
  type LoginWithEmailCodeReturnType,
  loginWithEmailCode,
} from '../actions/email/loginWithEmailCode'
export {
  type SendEmailCodeErrorType,
  type SendEmailCodeParameters,
  sendEmailCode,
} from '../actions/email/sendEmailCode'
export {
  type UnlinkEmailErrorType,
  type UnlinkEmailParameters,
  unlinkEmail,
} from '../actions/email/unlinkEmail'
export {
  type UpdateEmailErrorType,
  type UpdateEmailParameters,
  updateEmail,
} from '../actions/email/updateEmail'
export {
  type LoginAsGuestErrorType,
  type LoginAsGuestReturnType,
  loginAsGuest,
} from '../actions/guest/loginAsGuest'
export { type LinkPasskeyErrorType, linkPasskey } from '../actions/passkey/linkPasskey'
export {
  type LoginWithPasskeyErrorType,
  type LoginWithPasskeyParameters,
  type LoginWithPasskeyReturnType,
  loginWithPasskey,
} from '../actions/passkey/loginWithPasskey'
export {
  type SignUpWithPasskeyErrorType,
  type SignUpWithPasskeyParameters,
  type SignUpWithPasskeyReturnType,
  signUpWithPasskey,
} from '../actions/passkey/signUpWithPasskey'
export {
  type UnlinkPasskeyErrorType,
  type UnlinkPasskeyParameters,
  unlinkPasskey,
} from '../actions/passkey/unlinkPasskey'
export {
  type AcceptTermsErrorType,
  type AcceptTermsReturnType,
  acceptTerms,
} from '../actions/session/acceptTerms'
export {
  type AdoptForkedSessionErrorType,
  type AdoptForkedSessionParameters,
  type AdoptForkedSessionReturnType,
  adoptForkedSession,
} from '../actions/session/adoptForkedSession'
export {
  type ForkSessionErrorType,
  type ForkSessionReturnType,
  forkSession,
} from '../actions/session/forkSession'
export {
  type GetAccessTokenErrorType,
  type GetAccessTokenReturnType,
  getAccessToken,
} from '../actions/session/getAccessToken'
export {
  type GetRecentLoginMethodErrorType,
  type GetRecentLoginMethodReturnType,
  getRecentLoginMethod,
} from '../actions/session/getRecentLoginMethod'
export { type InitializeErrorType, initialize } from '../actions/session/initialize'
export { type LogoutErrorType, logout } from '../actions/session/logout'
export {
  type RefreshSessionErrorType,
  type RefreshSessionReturnType,
  refreshSession,
} from '../actions/session/refreshSession'
export { type LinkPhoneErrorType, type LinkPhoneParameters, linkPhone } from '../actions/sms/linkPhone'
export {
  type LoginWithSmsCodeErrorType,
  type LoginWithSmsCodeParameters,
  type LoginWithSmsCodeReturnType,
  loginWithSmsCode,
} from '../actions/sms/loginWithSmsCode'
export {
  type SendSmsCodeErrorType,
  type SendSmsCodeParameters,
  sendSmsCode,
} from '../actions/sms/sendSmsCode'
export {
  type UnlinkPhoneErrorType,
  type UnlinkPhoneParameters,
  unlinkPhone,
} from '../actions/sms/unlinkPhone'
export {
  type UpdatePhoneErrorType,
  type UpdatePhoneParameters,
  updatePhone,
} from '../actions/sms/updatePhone'
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
export {
  BaseError,
  type BaseErrorContext,
  type BaseErrorParameters,
  type FoyerError,
} from '../errors/BaseError'
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
