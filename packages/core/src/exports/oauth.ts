// `@foyer/core/oauth`: sign-in and linking with the OAuth providers (docs/modal.md "OAuth", docs/limits.md,
// docs/api.md). A separate entry so that the sign-in bundle carries none of it: `@foyer/react` loads it with
// the OAuth status screen, or at page load only when the URL is an OAuth return (docs/architecture.md
// "Budgets").

export {
  type CompleteOAuthRedirectErrorType,
  type CompleteOAuthRedirectReturnType,
  completeOAuthRedirect,
} from '../actions/oauth/completeOAuthRedirect'
export {
  type HandleOAuthReturnErrorType,
  type HandleOAuthReturnReturnType,
  handleOAuthReturn,
} from '../actions/oauth/handleOAuthReturn'
export {
  type InitLoginWithOAuthErrorType,
  type InitLoginWithOAuthParameters,
  type InitLoginWithOAuthReturnType,
  initLoginWithOAuth,
} from '../actions/oauth/initLoginWithOAuth'
export {
  type LinkOAuthErrorType,
  type LinkOAuthParameters,
  type LinkOAuthReturnType,
  linkOAuth,
} from '../actions/oauth/linkOAuth'
export {
  type LoginWithOAuthErrorType,
  type LoginWithOAuthParameters,
  type LoginWithOAuthReturnType,
  loginWithOAuth,
} from '../actions/oauth/loginWithOAuth'
export { type OpenOAuthPopupErrorType, openOAuthPopup } from '../actions/oauth/openOAuthPopup'
export {
  type StartOAuthFlowErrorType,
  type StartOAuthFlowParameters,
  type StartOAuthFlowReturnType,
  startOAuthFlow,
} from '../actions/oauth/startOAuthFlow'
export {
  type UnlinkOAuthErrorType,
  type UnlinkOAuthParameters,
  unlinkOAuth,
} from '../actions/oauth/unlinkOAuth'
export { OAuthFlowMissingError } from '../errors/OAuthFlowMissingError'
export { OAuthPopupError, type OAuthPopupErrorCode } from '../errors/OAuthPopupError'
export { OAuthStateMismatchError } from '../errors/OAuthStateMismatchError'
export { OAuthUnknownError } from '../errors/OAuthUnknownError'
export { OAuthUserDeniedError } from '../errors/OAuthUserDeniedError'
export type { OAuthTokens } from '../oauth/OAuthTokens'
export type { OAuthAction, OAuthDisplayMode } from '../oauth/oauthFlowStorage'
export type { OAuthPopupRef } from '../oauth/oauthWindow'
export type { OAuthReturn } from '../oauth/readOAuthReturn'
