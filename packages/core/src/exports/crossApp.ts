// `@foyer/core/cross-app`: sign-in with another app of the same server and requests to its wallet (README.md,
// docs/errors.md; docs/wire.md#cross-app). A separate entry so that the sign-in bundle carries none of it.

export {
  type AuthorizeCrossAppRequestErrorType,
  type AuthorizeCrossAppRequestParameters,
  authorizeCrossAppRequest,
} from '../actions/crossApp/authorizeCrossAppRequest'
export {
  type GetCrossAppConnectionsErrorType,
  getCrossAppConnections,
} from '../actions/crossApp/getCrossAppConnections'
export {
  type GetCrossAppProviderDetailsErrorType,
  type GetCrossAppProviderDetailsParameters,
  getCrossAppProviderDetails,
} from '../actions/crossApp/getCrossAppProviderDetails'
export {
  type SendCrossAppRequestErrorType,
  type SendCrossAppRequestParameters,
  sendCrossAppRequest,
} from '../actions/crossApp/sendCrossAppRequest'
export {
  type StartCrossAppAuthFlowErrorType,
  type StartCrossAppAuthFlowParameters,
  type StartCrossAppAuthFlowReturnType,
  startCrossAppAuthFlow,
} from '../actions/crossApp/startCrossAppAuthFlow'
export {
  type VerifyCrossAppTokenErrorType,
  verifyCrossAppToken,
} from '../actions/crossApp/verifyCrossAppToken'
export { CrossAppError, type CrossAppErrorCode } from '../errors/CrossAppError'
