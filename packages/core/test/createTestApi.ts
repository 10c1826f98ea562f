import { type AppConfig, type AuthResponse, defaultAppSettings, type User } from '@foyer/protocol'
import { generateKeyPair, SignJWT } from 'jose'

/** The app id the tests use: 25 characters. */
export const testAppId = 'testapp000000000000000000'
export const testApiUrl = 'http://api.test'

/** One call the client made. */
export type RecordedCall = {
  /** The base the call went to, e.g. `http://api.test`. */
  origin: string
  method: string
  path: string
  headers: Headers
  body: unknown
  credentials: RequestCredentials | undefined
}

type Handler = (call: RecordedCall, signal: AbortSignal | undefined) => Response | Promise<Response>

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** A `{ error, code }` answer. */
export function apiError(status: number, code: string, error = `failed: ${code}`): Response {
  return json({ error, code }, status)
}

const { privateKey } = await generateKeyPair('ES256')

/** A real ES256 access token for `testAppId` (or `aud`, plus `aid` when given), expiring `ttlSeconds` from now. */
export async function signAccessToken(
  options: { ttlSeconds?: number; aud?: string; aid?: string; sid?: string; sub?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ sid: options.sid ?? 'session-1', ...(options.aid ? { aid: options.aid } : {}) })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setSubject(options.sub ?? 'did:foyer:user-1')
    .setIssuer('foyer')
    .setAudience(options.aud ?? testAppId)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.ttlSeconds ?? 3600))
    .sign(privateKey)
}

export const testUser: User = {
  id: 'did:foyer:user-1',
  created_at: 1_700_000_000,
  linked_accounts: [
    {
      type: 'email',
      address: 'ada@example.com',
      verified_at: 1_700_000_000,
      first_verified_at: 1_700_000_000,
      latest_verified_at: 1_700_000_000,
    },
  ],
  mfa_methods: [],
  has_accepted_terms: false,
  is_guest: false,
}

export const testAppConfig: AppConfig = {
  ...defaultAppSettings,
  id: testAppId,
  name: 'Test App',
  verification_key: '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----',
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
}

/**
 * An in-test stand-in for the Foyer server, reached through the `fetch` it returns. It keeps a tiny session
 * model (valid refresh tokens rotate; access tokens are real ES256 JWTs) and records every call. Routes can
 * be replaced per test with `api.on(method, path, handler)`.
 */
export function createTestApi(options: { accessTtlSeconds?: number } = {}) {
  const calls: RecordedCall[] = []
  const refreshTokens = new Set<string>()
  const forkedTokens = new Set<string>()
  let counter = 0

  async function issue(overrides: Partial<AuthResponse> = {}): Promise<AuthResponse> {
    counter += 1
    const refreshToken = `refresh-${counter}`
    refreshTokens.add(refreshToken)
    const token = await signAccessToken({
      ttlSeconds: options.accessTtlSeconds ?? 3600,
      sid: `session-${counter}`,
    })
    return {
      user: testUser,
      token,
      privy_access_token: token,
      refresh_token: refreshToken,
      identity_token: `identity-${counter}`,
      session_update_action: 'set',
      is_new_user: false,
      ...overrides,
    }
  }

  const routes = new Map<string, Handler>([
    [`GET /api/v1/apps/${testAppId}`, () => json(testAppConfig)],
    ['POST /api/v1/passwordless/init', () => json({ success: true })],
    [
      'POST /api/v1/passwordless/authenticate',
      async (call) => {
        const body = call.body as { code: string }
        if (body.code !== '123456')
          return apiError(401, 'invalid_credentials', 'Invalid or expired verification code')
        return json(await issue({ is_new_user: true }))
      },
    ],
    [
      'POST /api/v1/sessions',
      async (call) => {
        const body = call.body as { refresh_token?: string }
        if (!body.refresh_token || !refreshTokens.delete(body.refresh_token)) {
          return apiError(401, 'missing_or_invalid_token', 'Invalid refresh token')
        }
        return json(await issue())
      },
    ],
    [
      'POST /api/v1/sessions/fork',
      async (call) => {
        const body = call.body as { refresh_token?: string }
        if (!body.refresh_token || !refreshTokens.delete(body.refresh_token)) {
          return apiError(401, 'missing_or_invalid_token', 'Invalid refresh token')
        }
        const rotated = await issue()
        const forked = `forked-${counter}`
        forkedTokens.add(forked)
        return json({
          refresh_token: rotated.refresh_token,
          token: rotated.token,
          new_session_refresh_token: forked,
        })
      },
    ],
    [
      'POST /api/v1/sessions/fork/recover',
      async (call) => {
        const body = call.body as { refresh_token?: string }
        if (!body.refresh_token || !forkedTokens.delete(body.refresh_token)) {
          return apiError(401, 'missing_or_invalid_token', 'Invalid refresh token')
        }
        return json(await issue())
      },
    ],
    ['POST /api/v1/analytics_events', () => json({ success: true })],
    [
      'GET /api/v1/users/me',
      (call) =>
        call.headers.get('authorization')?.startsWith('Bearer ')
          ? json({ user: testUser })
          : apiError(401, 'missing_or_invalid_token'),
    ],
    [
      'POST /api/v1/sessions/logout',
      (call) => {
        refreshTokens.delete((call.body as { refresh_token?: string }).refresh_token ?? '')
        return json({ success: true })
      },
    ],
  ])

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    const method = init?.method ?? 'GET'
    const call: RecordedCall = {
      origin: url.origin,
      method,
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init?.credentials,
    }
    calls.push(call)
    const handler = routes.get(`${method} ${url.pathname}`)
    if (!handler) return apiError(404, 'not_found')
    return handler(call, init?.signal ?? undefined)
  }

  return {
    fetch,
    calls,
    /** Calls to `METHOD /path`. */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
    on(route: string, handler: Handler) {
      routes.set(route, handler)
    },
    issue,
    refreshTokens,
    forkedTokens,
  }
}

export type TestApi = ReturnType<typeof createTestApi>
