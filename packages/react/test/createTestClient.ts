import {
  type CreateFoyerClientParameters,
  createFoyerClient,
  createMemoryStorage,
  type FoyerClient,
  type FoyerStorage,
} from '@foyer/core'
import type { AppConfig, AuthResponse, EmbeddedWalletAccount, User } from '@foyer/protocol'
import {
  createFakeApi,
  type FakeApi,
  json,
  type RecordedCall,
  testAppConfig as sharedTestAppConfig,
  testEmbeddedWallet as sharedTestEmbeddedWallet,
  testAppId,
  testUser,
} from '../../protocol/test/fakeApi'

export { type FakeApi, testUser }

/** A 25-character app id for tests (the shared fake API's `testAppId`). */
export const TEST_APP_ID = testAppId
/** The code the in-test server accepts. */
export const TEST_CODE = '123456'

/** App settings with every OAuth provider's sign-in on. */
export const ALL_OAUTH_SETTINGS = {
  google_oauth: true,
  twitter_oauth: true,
  discord_oauth: true,
  github_oauth: true,
  spotify_oauth: true,
  instagram_oauth: true,
  tiktok_oauth: true,
  linkedin_oauth: true,
  apple_oauth: true,
} as const satisfies Partial<AppConfig>

/** One recorded call of the in-test server. */
export type TestCall = { method: string; path: string; body: unknown }

/** An answer of the in-test server: status and JSON body. */
export type TestAnswer = { status: number; body?: unknown }

/**
 * Overrides of the in-test server's answers, by `'METHOD /path'` (concrete, or the endpoint table's name
 * such as `'GET /api/v1/apps/:appId'`); every route must be a call of the protocol's endpoint table.
 */
export type TestRoutes = Record<string, (call: TestCall) => TestAnswer | Promise<TestAnswer>>

/** A wallet sign-in `init` answer (SIWE or SIWS): a fixed nonce for the address the request names. */
export function walletNonceAnswer({ body }: TestCall): TestAnswer {
  return {
    status: 200,
    body: {
      nonce: 'abcdef0123456789abcdef0123456789',
      address: (body as { address: string }).address,
      expires_at: '',
    },
  }
}

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

/** An unsigned JWT-shaped access token for `TEST_APP_ID`, valid for an hour (core reads only `exp`/`aud`). */
export function testAccessToken(): string {
  const exp = Math.floor(Date.now() / 1000) + 3600
  return `${base64Url({ alg: 'ES256', typ: 'JWT' })}.${base64Url({ sub: testUser.id, aud: TEST_APP_ID, exp })}.sig`
}

/** The in-test server's app config: the shared fake API's `testAppConfig` ('Test App'), `settings` on top. */
export function testAppConfig(settings: Partial<AppConfig> = {}): AppConfig {
  return sharedTestAppConfig(settings)
}

/** The `GET /api/v1/apps/TEST_APP_ID` route answering `testAppConfig(settings)`, to spread into `TestRoutes`. */
export function appConfigRoute(settings: Partial<AppConfig> = {}): TestRoutes {
  return { [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ status: 200, body: testAppConfig(settings) }) }
}

/**
 * A linked embedded wallet (Foyer's own, index 0, verified at 1 s) at `address` on `chainType`: the shared fake
 * API's `testEmbeddedWallet`.
 */
export function testEmbeddedWallet(
  address: string,
  chainType: 'ethereum' | 'solana' = 'ethereum',
): EmbeddedWalletAccount {
  return sharedTestEmbeddedWallet({ address, chain_type: chainType })
}

/** A sign-in answer body: `testUser` with a fresh `testAccessToken()` and `refresh-1`, `overrides` on top. */
export function testAuthResponse(overrides: Partial<AuthResponse> = {}): AuthResponse {
  return {
    user: testUser,
    token: testAccessToken(),
    privy_access_token: null,
    refresh_token: 'refresh-1',
    identity_token: null,
    session_update_action: 'set',
    is_new_user: false,
    ...overrides,
  }
}

/**
 * A real core client whose `fetch` is the shared fake API (`packages/protocol/test/fakeApi`), which holds
 * every call and answer to the protocol's endpoint table: app config, `passwordless/init` (a '+' address
 * is refused when `appConfig.disable_plus_emails`), `passwordless/authenticate` (`TEST_CODE` signs in,
 * anything else is `invalid_credentials`), sessions, `users/me`, logout and analytics. `routes` override
 * answers (or a function of the fake API that returns them, for answers that change its user with
 * `api.setUser`); `calls` records every call. `storage` (default: a new memory storage) lets a second client see
 * what a first one stored, as after a page reload; `appConfig` and `user` change the fake's defaults; `apiUrl`
 * (default `http://foyer.test`) is `https://…` for tests that open the wallet frame (plain http on a named
 * host is refused there).
 */
export function createTestClient(
  routes: TestRoutes | ((api: FakeApi) => TestRoutes) = {},
  options: { storage?: FoyerStorage; appConfig?: Partial<AppConfig>; user?: User; apiUrl?: string } = {},
): { client: FoyerClient; calls: TestCall[]; api: FakeApi } {
  const calls: TestCall[] = []
  const recorded = new WeakMap<RecordedCall, TestCall>()
  const api = createFakeApi({
    ...(options.appConfig ? { appConfig: options.appConfig } : {}),
    ...(options.user ? { user: options.user } : {}),
    onCall: (call) => {
      const testCall = { method: call.method, path: call.path, body: call.body }
      recorded.set(call, testCall)
      calls.push(testCall)
    },
  })
  for (const [route, handler] of Object.entries(typeof routes === 'function' ? routes(api) : routes)) {
    api.on(route, async (call) => {
      const answer = await handler(recorded.get(call) ?? call)
      return answer.body === undefined
        ? new Response(null, { status: answer.status })
        : json(answer.body, answer.status)
    })
  }
  const client = createFoyerClient({
    appId: TEST_APP_ID,
    apiUrl: options.apiUrl ?? 'http://foyer.test',
    storage: options.storage ?? createMemoryStorage(),
    fetch: api.fetch,
  })
  return { client, calls, api }
}

/**
 * A client of the test app over the shared fake API `api` (`createFakeApi`), with in-memory storage and
 * `options` (its chains, Solana clusters, …).
 */
export function createFakeApiClient(
  api: Pick<FakeApi, 'fetch'>,
  options: Partial<CreateFoyerClientParameters> = {},
): FoyerClient {
  return createFoyerClient({
    appId: TEST_APP_ID,
    apiUrl: 'http://foyer.test',
    storage: createMemoryStorage(),
    fetch: api.fetch,
    ...options,
  })
}
