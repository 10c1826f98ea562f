import { afterEach } from 'vitest'
import { z } from 'zod'
import {
  type AppConfig,
  type AuthResponse,
  type EndpointName,
  errorResponseSchema,
  type User,
} from '../../src/exports/index'
import { apiError, isRawAnswer, json } from './answers'
import { matchEndpoint } from './matchEndpoint'
import { signAccessToken, testAppConfig, testUser } from './testIdentity'

/** One call the client made, as the fake API received it. */
export type RecordedCall = {
  /** The base the call went to, e.g. `http://api.test`. */
  origin: string
  method: string
  /** The concrete path, e.g. `/api/v1/apps/testapp000000000000000000`. */
  path: string
  /** The endpoint-table name the call resolved to (`'GET /api/v1/apps/:appId'`), `null` when none. */
  endpoint: EndpointName | null
  /** The decoded `:name` path parameters. */
  params: Record<string, string>
  /** The decoded query string fields (`{}` when none). */
  query: Record<string, string>
  headers: Headers
  /** The JSON body as the client sent it (not the schema's output), `undefined` when none. */
  body: unknown
  credentials: RequestCredentials | undefined
}

/** A route of the fake API: answers one call with a `Response` (see `json`, `apiError`, `rawAnswer`). */
export type FakeApiHandler = (
  call: RecordedCall,
  signal: AbortSignal | undefined,
) => Response | Promise<Response>

/** Options of {@link createFakeApi}. */
export type FakeApiOptions = {
  /** Lifetime of the access tokens it issues, in seconds (default 3600). */
  accessTtlSeconds?: number
  /** The user it signs in and `GET /api/v1/users/me` answers (default `testUser`). */
  user?: User
  /** Settings on top of `testAppConfig()`, for `GET /api/v1/apps/:appId` and the default routes. */
  appConfig?: Partial<AppConfig>
  /** Called with every call as it is recorded. */
  onCall?: (call: RecordedCall) => void
}

/** The fakes of the running test file (one made outside a test serves several), checked after each test. */
const live = new Set<{ violations: string[] }>()

/**
 * Throws the violations every fake API of this test file saw since the last check (and forgets them); run
 * after each test, so a call or answer off the wire fails the test that made it.
 */
export function assertNoViolations(): void {
  const found = [...live].flatMap((api) => api.violations.splice(0))
  if (found.length === 0) return
  // A retried call repeats its violation: list each once, with its count.
  const counts = new Map<string, number>()
  for (const text of found) counts.set(text, (counts.get(text) ?? 0) + 1)
  const listed = [...counts].map(([text, count]) => (count > 1 ? `${text}\n(${count} times)` : text))
  throw new Error(`The fake API saw calls or answers off the wire:\n\n${listed.join('\n\n')}`)
}

afterEach(assertNoViolations)

/**
 * An in-test stand-in for the Foyer server, reached through the `fetch` it returns, that holds every call
 * and answer to the protocol's endpoint table:
 * - a call whose method and path are not in the table, whose path parameters or JSON body the table's
 *   schemas refuse, or which sends a body to a call that takes none is answered like the server does
 *   (404 `not_found` / 400 `invalid_data`, with the zod issues) and fails the test; a body field the
 *   schema does not know (which the server would silently drop) fails the test too, and so does a body
 *   without `content-type: application/json` or that content type without a body (Fastify refuses both);
 * - a handler's 200 answer is parsed with the call's response schema and the client gets the schema's
 *   output (as the server's serializer sends it); an error answer must be `{ error, code, data? }` with a
 *   protocol error code and status ≥ 400; anything else is answered 500 `internal_error` and fails the
 *   test. `rawAnswer(response)` opts one answer out, for transport tests only;
 * - a call to a table endpoint that has no handler fails the test too (no silent 404s).
 * Failures are collected in `violations` and thrown after the test (vitest `afterEach`); a test that
 * provokes one on purpose empties the array.
 *
 * Default routes: the app config (`testAppConfig(options.appConfig)`), `passwordless/init` (refuses a '+'
 * address when the app disables them, 422 `disallowed_plus_email`), `passwordless/authenticate` (code
 * `123456` signs in a new user, else 401 `invalid_credentials`), a session model (refresh tokens rotate on
 * `POST /api/v1/sessions`, `…/fork` and `…/fork/recover`; access tokens are real ES256 JWTs), `users/me`
 * (Bearer required), `logout` and analytics. `api.on(route, handler)` replaces or adds a route by table
 * name (`'GET /api/v1/apps/:appId'`) or concrete path; a route outside the table throws at once.
 *
 * @example
 * const api = createFakeApi({ appConfig: { sms_auth: true } })
 * api.on('POST /api/v1/passwordless_sms/init', () => json({ success: true }))
 * const client = createFoyerClient({ appId: testAppId, apiUrl: testApiUrl, fetch: api.fetch })
 */
export function createFakeApi(options: FakeApiOptions = {}) {
  const calls: RecordedCall[] = []
  const violations: string[] = []
  const refreshTokens = new Set<string>()
  const forkedTokens = new Set<string>()
  let user = options.user ?? testUser
  const appConfig = testAppConfig(options.appConfig)
  let counter = 0
  live.add({ violations })

  /** A sign-in answer for `user`: a fresh access token and a new refresh token `refresh-N`, `overrides` on top. */
  async function issue(overrides: Partial<AuthResponse> = {}): Promise<AuthResponse> {
    counter += 1
    const refreshToken = `refresh-${counter}`
    refreshTokens.add(refreshToken)
    const token = await signAccessToken({
      ttlSeconds: options.accessTtlSeconds ?? 3600,
      sid: `session-${counter}`,
      sub: user.id,
      aud: appConfig.id,
    })
    return {
      user,
      token,
      privy_access_token: token,
      refresh_token: refreshToken,
      identity_token: `identity-${counter}`,
      session_update_action: 'set',
      is_new_user: false,
      ...overrides,
    }
  }

  const routes = new Map<string, FakeApiHandler>()
  const routeKey = (route: string): string => {
    const [method = '', path = ''] = route.split(' ')
    const match = matchEndpoint(method, path)
    if (!match) throw new Error(`Fake API: '${route}' is not a call of the protocol's endpoint table`)
    return path.includes(':') ? match.name : route
  }

  function on(route: string, handler: FakeApiHandler): void {
    routes.set(routeKey(route), handler)
  }

  const refreshWith = (tokens: Set<string>) => (call: RecordedCall) => {
    const token = (call.body as { refresh_token?: string } | undefined)?.refresh_token
    return token !== undefined && tokens.delete(token)
  }
  const invalidRefresh = () => apiError(401, 'missing_or_invalid_token', 'Invalid refresh token')

  on('GET /api/v1/apps/:appId', (call) =>
    call.params.appId === appConfig.id ? json(appConfig) : apiError(404, 'not_found', 'App not found'),
  )
  on('POST /api/v1/passwordless/init', (call) => {
    const email = (call.body as { email: string }).email
    const local = email.slice(0, email.lastIndexOf('@'))
    return appConfig.disable_plus_emails && local.includes('+')
      ? apiError(422, 'disallowed_plus_email', "Please enter a valid email address without a '+'.")
      : json({ success: true })
  })
  on('POST /api/v1/passwordless/authenticate', async (call) =>
    (call.body as { code: string }).code === '123456'
      ? json(await issue({ is_new_user: true }))
      : apiError(401, 'invalid_credentials', 'Invalid or expired verification code'),
  )
  on('POST /api/v1/sessions', async (call) =>
    refreshWith(refreshTokens)(call) ? json(await issue()) : invalidRefresh(),
  )
  on('POST /api/v1/sessions/fork', async (call) => {
    if (!refreshWith(refreshTokens)(call)) return invalidRefresh()
    const rotated = await issue()
    const forked = `forked-${counter}`
    forkedTokens.add(forked)
    return json({
      refresh_token: rotated.refresh_token,
      token: rotated.token,
      new_session_refresh_token: forked,
    })
  })
  on('POST /api/v1/sessions/fork/recover', async (call) =>
    refreshWith(forkedTokens)(call) ? json(await issue()) : invalidRefresh(),
  )
  on('POST /api/v1/analytics_events', () => json({ success: true }))
  on('GET /api/v1/users/me', (call) =>
    call.headers.get('authorization')?.startsWith('Bearer ')
      ? json({ user })
      : apiError(401, 'missing_or_invalid_token', 'Missing or invalid access token'),
  )
  on('POST /api/v1/sessions/logout', (call) => {
    refreshTokens.delete((call.body as { refresh_token?: string } | undefined)?.refresh_token ?? '')
    return json({ success: true })
  })

  function violate(call: RecordedCall, problem: string): string {
    const text = `${call.method} ${call.path}: ${problem}`
    violations.push(text)
    return text
  }

  async function answer(call: RecordedCall, signal: AbortSignal | undefined): Promise<Response> {
    const match = matchEndpoint(call.method, call.path)
    if (!match) {
      const text = violate(call, "not a call of the protocol's endpoint table")
      return apiError(404, 'not_found', text)
    }
    const { endpoint } = match
    const contentType = call.headers.get('content-type') ?? ''
    const sentAsJson = /^application\/json\b/i.test(contentType)
    if (call.body === undefined && sentAsJson) {
      // Fastify's JSON parser refuses an empty body sent as JSON (FST_ERR_CTP_EMPTY_JSON_BODY).
      return apiError(400, 'invalid_data', violate(call, 'content-type application/json without a body'))
    }
    if (call.body !== undefined && !sentAsJson && match.name !== 'POST /api/v1/analytics_events') {
      // Only the analytics route parses every content type (FST_ERR_CTP_INVALID_MEDIA_TYPE elsewhere).
      const text = violate(call, `a body sent as '${contentType}', not application/json`)
      return apiError(400, 'invalid_data', text)
    }
    if (endpoint.params) {
      const parsed = endpoint.params.safeParse(call.params)
      if (!parsed.success) {
        const text = violate(call, `path parameters the server refuses:\n${z.prettifyError(parsed.error)}`)
        return apiError(400, 'invalid_data', text)
      }
    }
    if ('query' in endpoint && endpoint.query) {
      const parsed = endpoint.query.safeParse(call.query)
      if (!parsed.success) {
        const text = violate(call, `a query the server refuses:\n${z.prettifyError(parsed.error)}`)
        return apiError(400, 'invalid_data', text)
      }
    }
    if (endpoint.body) {
      const parsed = endpoint.body.safeParse(call.body)
      if (!parsed.success) {
        const text = violate(
          call,
          `a body the server refuses: ${JSON.stringify(call.body)}\n${z.prettifyError(parsed.error)}`,
        )
        return apiError(400, 'invalid_data', text)
      }
      const ignored = droppedKeys(call.body, parsed.data)
      if (ignored.length > 0) {
        // The server accepts the call but drops these fields: a name the client and the table disagree on.
        violate(call, `fields the server ignores (not in the request schema): ${ignored.join(', ')}`)
      }
    } else if (call.body !== undefined) {
      const text = violate(call, `a body sent to a call that takes none: ${JSON.stringify(call.body)}`)
      return apiError(400, 'invalid_data', text)
    }

    const handler = routes.get(`${call.method} ${call.path}`) ?? routes.get(match.name)
    if (!handler) {
      const text = violate(call, `no handler: the test must answer '${match.name}' with api.on(…)`)
      return apiError(404, 'not_found', text)
    }
    const response = await handler(call, signal)
    if (isRawAnswer(response)) return response

    const text = await response.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return failedAnswer(call, `an answer that is not JSON (status ${response.status}): ${text}`)
    }
    if (response.status === 200) {
      const parsed = endpoint.response.safeParse(body)
      if (!parsed.success) {
        return failedAnswer(
          call,
          `a 200 answer the server cannot send: ${text}\n${z.prettifyError(parsed.error)}`,
        )
      }
      return json(parsed.data, 200)
    }
    if (response.status >= 400 && response.status < 600) {
      const parsed = errorResponseSchema.safeParse(body)
      if (!parsed.success) {
        return failedAnswer(
          call,
          `an error answer off the { error, code } shape: ${text}\n${z.prettifyError(parsed.error)}`,
        )
      }
      return json(parsed.data, response.status)
    }
    return failedAnswer(call, `status ${response.status}, which the server never answers: ${text}`)
  }

  function failedAnswer(call: RecordedCall, problem: string): Response {
    return apiError(500, 'internal_error', violate(call, problem))
  }

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const method = (init?.method ?? 'GET').toUpperCase()
    const match = matchEndpoint(method, url.pathname)
    let body: unknown
    let unreadable: string | undefined
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body)
      } catch {
        unreadable = init.body
      }
    } else if (init?.body != null) {
      unreadable = String(init.body)
    }
    const call: RecordedCall = {
      origin: url.origin,
      method,
      path: url.pathname,
      endpoint: match?.name ?? null,
      params: match?.params ?? {},
      query: Object.fromEntries(url.searchParams),
      headers: new Headers(init?.headers),
      body,
      credentials: init?.credentials,
    }
    calls.push(call)
    options.onCall?.(call)
    if (unreadable !== undefined) {
      return apiError(400, 'invalid_data', violate(call, `a body that is not JSON: ${unreadable}`))
    }
    return answer(call, init?.signal ?? undefined)
  }

  return {
    fetch,
    /** Every call, in order. */
    calls,
    /** Calls to `route`: a concrete `'METHOD /path'` or an endpoint-table name. */
    callsTo: (route: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === route || call.endpoint === route),
    on,
    issue,
    /** Refresh tokens the session model accepts (one use each). */
    refreshTokens,
    /** Forked-session tokens `…/fork/recover` accepts (one use each). */
    forkedTokens,
    /** The user the default routes answer. */
    get user(): User {
      return user
    },
    /**
     * Makes `next` the user the default routes (sign-in, refresh, `users/me`) answer from now on, as the
     * server's would after a link changed the user.
     */
    setUser(next: User): void {
      user = next
    },
    /** The app config `GET /api/v1/apps/:appId` answers by default. */
    appConfig,
    /** Calls and answers off the wire, as text with the zod issues; thrown after the test unless emptied. */
    violations,
  }
}

/** Paths (`a.b`) of the object keys in `sent` that the schema's output `kept` no longer has. */
function droppedKeys(sent: unknown, kept: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => droppedKeys(item, kept[index], `${at}[${index}]`))
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return []
  return Object.keys(sent).flatMap((key) => {
    const path = at ? `${at}.${key}` : key
    return key in kept ? droppedKeys(sent[key], kept[key], path) : [path]
  })
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The fake API, see {@link createFakeApi}. */
export type FakeApi = ReturnType<typeof createFakeApi>
