/** The endpoint table, the error codes and response, and the helpers: formatting, origins, WebAuthn wire. */

export type { Endpoint } from '../endpoints/Endpoint'
export { endpointPath } from '../endpoints/endpointPath'
export { endpoints } from '../endpoints/endpoints'
export type {
  EndpointBody,
  EndpointName,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  Endpoints,
} from '../endpoints/endpointTypes'
export { routeSchema } from '../endpoints/routeSchema'
export { type ErrorCode, errorCodes, isErrorCode } from '../errors/errorCodes'
export { type ErrorResponse, errorResponseSchema } from '../errors/errorResponse'
export { maskPhoneNumber, PHONE_MASK_VISIBLE_CHARACTERS } from '../format/maskPhoneNumber'
export { sanitizeColor } from '../format/sanitizeColor'
export { sanitizeFontFamily } from '../format/sanitizeFontFamily'
export { isOriginAllowed } from '../origins/isOriginAllowed'
export { normalizeOriginPattern } from '../origins/normalizeOriginPattern'
export { patternsMatchingOrigin } from '../origins/patternsMatchingOrigin'
export {
  type AuthenticationResponseJSON,
  authenticationResponseFromWire,
  authenticationResponseToWire,
  type CreationOptionsJSON,
  type CredentialDescriptorJSON,
  creationOptionsFromWire,
  creationOptionsToWire,
  type RegistrationResponseJSON,
  type RequestOptionsJSON,
  registrationResponseFromWire,
  registrationResponseToWire,
  requestOptionsFromWire,
  requestOptionsToWire,
  type WebAuthnExtensionsJSON,
} from '../passkeys/webauthnWire'
