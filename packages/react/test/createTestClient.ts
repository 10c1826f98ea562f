import { createFoyerClient, createMemoryStorage, type FoyerClient, type FoyerStorage } from '@foyer/core'
import { type AppConfig, type AuthResponse, defaultAppSettings, type User } from '@foyer/protocol'

/** A 25-character app id for tests. */
export const TEST_APP_ID = 'foyertestapp0000000000000'
/** The code the in-test server accepts. */
export const TEST_CODE = '123456'

/** One recorded call of the in-test server. */
export type TestCall = { method: string; path: string; body: unknown }

/** An answer of the in-test server: status and JSON body. */
export type TestAnswer = { status: number; body?: unknown }

/** Overrides of the in-test server's answers, by `'METHOD /path'`. */
export type TestRoutes = Record<string, (call: TestCall) => TestAnswer | Promise<TestAnswer>>

/** The user the in-test server signs in. */
export const testUser: User = {
  id: 'did:foyer:user1',
  created_at: 1_700_000_000,
  linked_accounts: [
    {
      type: 'email',
      address: 'ada@example.com',
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    },
  ],
  mfa_methods: [],
  has_accepted_terms: false,
  is_guest: false,
}

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

/** An unsigned JWT-shaped access token for `TEST_APP_ID`, valid for an hour (core reads only `exp`/`aud`). */
export function testAccessToken(): string {
  const exp = Math.floor(Date.now() / 1000) + 3600
  return `${base64Url({ alg: 'ES256', typ: 'JWT' })}.${base64Url({ sub: testUser.id, aud: TEST_APP_ID, exp })}.sig`
}

/** The in-test server's app config: `defaultAppSettings` for `TEST_APP_ID` ('Test App'), `settings` on top. */
export function testAppConfig(settings: Partial<AppConfig> = {}): AppConfig {
  return {
    ...defaultAppSettings,
    id: TEST_APP_ID,
    name: 'Test App',
    verification_key: '',
    created_at: 0,
    updated_at: 0,
    ...settings,
  }
}

/** The `GET /api/v1/apps/TEST_APP_ID` route answering `testAppConfig(settings)`, to spread into `TestRoutes`. */
export function appConfigRoute(settings: Partial<AppConfig> = {}): TestRoutes {
  return { [`GET /api/v1/apps/${TEST_APP_ID}`]: () => ({ status: 200, body: testAppConfig(settings) }) }
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
 * A real core client whose `fetch` routes to an in-test handler standing in for the Foyer server: app
 * config, `passwordless/init` (any address but `plus+…` is accepted) and `passwordless/authenticate`
 * (`TEST_CODE` signs in, anything else is `invalid_credentials`). `routes` override answers; `calls` records
 * every call. `storage` (default: a new memory storage) lets a second client see what a first one stored, as
 * after a page reload.
 */
export function createTestClient(
  routes: TestRoutes = {},
  options: { storage?: FoyerStorage } = {},
): { client: FoyerClient; calls: TestCall[] } {
  const calls: TestCall[] = []
  const defaults: TestRoutes = {
    ...appConfigRoute(),
    'POST /api/v1/passwordless/init': ({ body }) =>
      (body as { email: string }).email.includes('+')
        ? { status: 422, body: { error: 'Plus addresses are not allowed', code: 'disallowed_plus_email' } }
        : { status: 200, body: { success: true } },
    'POST /api/v1/passwordless/authenticate': ({ body }) =>
      (body as { code: string }).code === TEST_CODE
        ? { status: 200, body: testAuthResponse() }
        : { status: 401, body: { error: 'Invalid code', code: 'invalid_credentials' } },
    'POST /api/v1/sessions/logout': () => ({ status: 200, body: { success: true } }),
  }
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const call = { method, path: url.pathname, body }
    calls.push(call)
    const route = routes[`${method} ${url.pathname}`] ?? defaults[`${method} ${url.pathname}`]
    const answer = route
      ? await route(call)
      : { status: 404, body: { error: 'Not found', code: 'not_found' } }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  }
  const client = createFoyerClient({
    appId: TEST_APP_ID,
    apiUrl: 'http://foyer.test',
    storage: options.storage ?? createMemoryStorage(),
    fetch,
  })
  return { client, calls }
}
