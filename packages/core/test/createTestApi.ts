import type { AppConfig } from '@foyer/protocol'
import {
  createFakeApi,
  type FakeApiHandler,
  type FakeApiOptions,
  testAppConfig as sharedTestAppConfig,
  testApiUrl,
  testAppId,
} from '../../protocol/test/fakeApi'
import { type CreateFoyerClientParameters, createFoyerClient } from '../src/client/createFoyerClient'
import type { FoyerClient } from '../src/client/FoyerClient'
import { createMemoryStorage } from '../src/storage/createMemoryStorage'

export {
  apiError,
  json,
  type RecordedCall,
  rawAnswer,
  signAccessToken,
  testApiUrl,
  testAppId,
  testEmbeddedWallet,
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

/**
 * The storage key under which a client of the test app keeps `name` (`foyer:<appId>:<name>`,
 * docs/sessions.md), e.g. `testStorageKey('refresh_token')`.
 */
export function testStorageKey(name: string): string {
  return `foyer:${testAppId}:${name}`
}

/**
 * A client of the test app (`testAppId` at `testApiUrl`) that calls `api` and keeps its session in a fresh
 * memory storage; `overrides` replace any of those parameters or add others.
 *
 * @example const api = createTestApi(); const client = createTestClient(api)
 */
export function createTestClient(
  api: Pick<TestApi, 'fetch'>,
  overrides: Partial<CreateFoyerClientParameters> = {},
): FoyerClient {
  return createFoyerClient({
    appId: testAppId,
    apiUrl: testApiUrl,
    storage: createMemoryStorage(),
    fetch: api.fetch,
    ...overrides,
  })
}
