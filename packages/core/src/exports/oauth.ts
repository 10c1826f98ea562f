// `@foyer/core/oauth`: sign-in and linking with the OAuth providers (docs/modal.md "OAuth", docs/limits.md,
// docs/api.md). A separate entry so that the sign-in bundle carries none of it: `@foyer/react` loads it with
// the OAuth status screen, or at page load only when the URL is an OAuth return (docs/architecture.md
// "Budgets").

export {
  type CompleteOAuthRedirectReturnType,
  completeOAuthRedirect,
} from '../actions/completeOAuthRedirect'
export { type HandleOAuthReturnReturnType, handleOAuthReturn } from '../actions/handleOAuthReturn'
export {
  type InitLoginWithOAuthParameters,
  type InitLoginWithOAuthReturnType,
  initLoginWithOAuth,
} from '../actions/initLoginWithOAuth'
export { type LinkOAuthParameters, type LinkOAuthReturnType, linkOAuth } from '../actions/linkOAuth'
export {
  type LoginWithOAuthParameters,
  type LoginWithOAuthReturnType,
  loginWithOAuth,
} from '../actions/loginWithOAuth'
export { openOAuthPopup } from '../actions/openOAuthPopup'
export {
  type StartOAuthFlowParameters,
  type StartOAuthFlowReturnType,
  startOAuthFlow,
} from '../actions/startOAuthFlow'
export { type UnlinkOAuthParameters, unlinkOAuth } from '../actions/unlinkOAuth'
export { OAuthFlowMissingError } from '../errors/OAuthFlowMissingError'
export { OAuthPopupError, type OAuthPopupErrorCode } from '../errors/OAuthPopupError'
export { OAuthStateMismatchError } from '../errors/OAuthStateMismatchError'
export { OAuthUnknownError } from '../errors/OAuthUnknownError'
export { OAuthUserDeniedError } from '../errors/OAuthUserDeniedError'
export type { OAuthTokens } from '../oauth/OAuthTokens'
export type { OAuthAction, OAuthDisplayMode } from '../oauth/oauthFlowStorage'
export type { OAuthPopupRef } from '../oauth/oauthWindow'
export type { OAuthReturn } from '../oauth/readOAuthReturn'
