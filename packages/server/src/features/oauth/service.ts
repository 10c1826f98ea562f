/**
 * The OAuth feature's services: starting a flow, the provider's callback, and the one-time code the
 * client exchanges for the proven account.
 */
export {
  type AllowedProvider,
  assertOAuthProviderAllowed,
  assertRecoveryProviderAllowed,
  assertRedirectAllowed,
} from './allowedProviders'
export { completeOAuthCallback, oauthReturnUrl } from './completeOAuthCallback'
export { TOKEN_REQUEST_TIMEOUT_MS } from './exchangeCode'
export {
  type ConsumedOAuthFlow,
  consumeOAuthCode,
  issueOAuthFlowCode,
  type OAuthFlowResult,
} from './flowCodes'
export { pkceS256Challenge } from './flowSecrets'
export { type StartOAuthFlowParameters, startOAuthFlow } from './startOAuthFlow'
