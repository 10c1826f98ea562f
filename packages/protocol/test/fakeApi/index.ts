/**
 * The fake Foyer API that core and React tests share: one default user and app config, and
 * every call and answer held to the protocol's endpoint table. Test-only: no package's `src` imports it.
 */
export { apiError, json, rawAnswer } from './answers'
export {
  createFakeApi,
  type FakeApi,
  type FakeApiHandler,
  type FakeApiOptions,
  type RecordedCall,
} from './createFakeApi'
export { type MatchedEndpoint, matchEndpoint } from './matchEndpoint'
export {
  signAccessToken,
  testApiUrl,
  testAppConfig,
  testAppId,
  testEmbeddedWallet,
  testUser,
  testVerificationKey,
} from './testIdentity'
