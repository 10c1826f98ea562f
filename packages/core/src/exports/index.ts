export { maskPhoneNumber } from '@foyer/protocol'
export { type TrackEventParameters, trackEvent } from '../actions/analytics/trackEvent'
export { loginWithCustomAccessToken } from '../actions/customAuth/loginWithCustomAccessToken'
export {
  type CustomAuthParameters,
  type SyncCustomAuthReturnType,
  syncCustomAuth,
} from '../actions/customAuth/syncCustomAuth'
export { type LinkEmailParameters, linkEmail } from '../actions/email/linkEmail'
export {
  type LoginWithEmailCodeParameters,
  type LoginWithEmailCodeReturnType,
  loginWithEmailCode,
} from '../actions/email/loginWithEmailCode'
export { type SendEmailCodeParameters, sendEmailCode } from '../actions/email/sendEmailCode'
export { type UnlinkEmailParameters, unlinkEmail } from '../actions/email/unlinkEmail'
export { type UpdateEmailParameters, updateEmail } from '../actions/email/updateEmail'
export { type LoginAsGuestReturnType, loginAsGuest } from '../actions/guest/loginAsGuest'
export { linkPasskey } from '../actions/passkey/linkPasskey'
export {
  type LoginWithPasskeyParameters,
  type LoginWithPasskeyReturnType,
  loginWithPasskey,
} from '../actions/passkey/loginWithPasskey'
export {
  type SignUpWithPasskeyParameters,
  type SignUpWithPasskeyReturnType,
  signUpWithPasskey,
} from '../actions/passkey/signUpWithPasskey'
export { type UnlinkPasskeyParameters, unlinkPasskey } from '../actions/passkey/unlinkPasskey'
export { type AcceptTermsReturnType, acceptTerms } from '../actions/session/acceptTerms'
export {
  type AdoptForkedSessionParameters,
  type AdoptForkedSessionReturnType,
  adoptForkedSession,
} from '../actions/session/adoptForkedSession'
export { type ForkSessionReturnType, forkSession } from '../actions/session/forkSession'
export { type GetAccessTokenReturnType, getAccessToken } from '../actions/session/getAccessToken'
export {
  type GetRecentLoginMethodReturnType,
  getRecentLoginMethod,
} from '../actions/session/getRecentLoginMethod'
export { initialize } from '../actions/session/initialize'
export { logout } from '../actions/session/logout'
export { type RefreshSessionReturnType, refreshSession } from '../actions/session/refreshSession'
export { type LinkPhoneParameters, linkPhone } from '../actions/sms/linkPhone'
export {
  type LoginWithSmsCodeParameters,
  type LoginWithSmsCodeReturnType,
  loginWithSmsCode,
} from '../actions/sms/loginWithSmsCode'
export { type SendSmsCodeParameters, sendSmsCode } from '../actions/sms/sendSmsCode'
export { type UnlinkPhoneParameters, unlinkPhone } from '../actions/sms/unlinkPhone'
export { type UpdatePhoneParameters, updatePhone } from '../actions/sms/updatePhone'
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
