// `@foyer/core/cross-app`: sign-in with another app of the same server and requests to its wallet (README.md,
// docs/errors.md; docs/wire.md#cross-app). A separate entry so that the sign-in bundle carries none of it.

export {
  type AuthorizeCrossAppRequestParameters,
  authorizeCrossAppRequest,
} from '../actions/authorizeCrossAppRequest'
export { getCrossAppConnections } from '../actions/getCrossAppConnections'
export {
  type GetCrossAppProviderDetailsParameters,
  getCrossAppProviderDetails,
} from '../actions/getCrossAppProviderDetails'
export {
  type SendCrossAppRequestParameters,
  sendCrossAppRequest,
} from '../actions/sendCrossAppRequest'
export {
  type StartCrossAppAuthFlowParameters,
  type StartCrossAppAuthFlowReturnType,
  startCrossAppAuthFlow,
} from '../actions/startCrossAppAuthFlow'
export { verifyCrossAppToken } from '../actions/verifyCrossAppToken'
export { CrossAppError, type CrossAppErrorCode } from '../errors/CrossAppError'
