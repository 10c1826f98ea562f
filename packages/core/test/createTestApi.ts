import type { AppConfig } from '@foyer/protocol'
import {
  createFakeApi,
  type FakeApiHandler,
  type FakeApiOptions,
  testAppConfig as sharedTestAppConfig,
} from '../../protocol/test/fakeApi'

export {
  apiError,
  json,
  type RecordedCall,
  rawAnswer,
  signAccessToken,
  testApiUrl,
  testAppId,
  testUser,
} from '../../protocol/test/fakeApi'

/** The app config the fake API answers by default (the shared `testAppConfig()`). */
export const testAppConfig: AppConfig = sharedTestAppConfig()

/** A route of the fake API. */
export type Handler = FakeApiHandler

/**
 * Core's name for the shared fake Foyer API (`packages/protocol/test/fakeApi`): every call and answer is
 * held to the protocol's endpoint table, with a session model and the shared test user and app config.
 *
 * @example const api = createTestApi(); api.on('POST /api/v1/siwe/init', () => json({ nonce, address, expires_at }))
 */
export function createTestApi(options: FakeApiOptions = {}) {
  return createFakeApi(options)
}

export type TestApi = ReturnType<typeof createTestApi>
