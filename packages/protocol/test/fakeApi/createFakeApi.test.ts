import { describe, expect, test } from 'vitest'
import { appConfigSchema, userSchema } from '../../src/exports/index'
import { apiError, json, rawAnswer } from './answers'
import { assertNoViolations, createFakeApi } from './createFakeApi'
import { testApiUrl, testAppConfig, testAppId, testUser } from './testIdentity'

function post(api: ReturnType<typeof createFakeApi>, path: string, body?: unknown) {
  return api.fetch(`${testApiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

/** Empties `api.violations` (this test provokes them on purpose) and returns them. */
const take = (api: ReturnType<typeof createFakeApi>) => api.violations.splice(0)

describe('createFakeApi', () => {
  test('default: the test user and app config are valid per the protocol', async () => {
    expect(userSchema.parse(testUser)).toEqual(testUser)
    expect(appConfigSchema.parse(testAppConfig())).toEqual(testAppConfig())
    const api = createFakeApi()
    const answer = await api.fetch(`${testApiUrl}/api/v1/apps/${testAppId}`)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual(testAppConfig())
    expect(api.calls[0]).toMatchObject({ endpoint: 'GET /api/v1/apps/:appId', params: { appId: testAppId } })
  })

  test('default: a valid call gets the handler answer, recorded as sent', async () => {
    const api = createFakeApi()
    const answer = await post(api, '/api/v1/passwordless/init', { email: 'ada@example.com' })
    expect(await answer.json()).toEqual({ success: true })
    expect(api.callsTo('POST /api/v1/passwordless/init')).toHaveLength(1)
    expect(api.calls[0]?.body).toEqual({ email: 'ada@example.com' })
    expect(api.violations).toEqual([])
  })

  test('behavior: overrides of the user and app config reach the default routes', async () => {
    const user = { ...testUser, id: 'did:foyer:other' }
    const api = createFakeApi({ user, appConfig: { disable_plus_emails: true } })
    const refused = await post(api, '/api/v1/passwordless/init', { email: 'ada+1@example.com' })
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({ code: 'disallowed_plus_email' })
    const signedIn = await post(api, '/api/v1/passwordless/authenticate', {
      email: 'ada@example.com',
      code: '123456',
    })
    expect((await signedIn.json()).user.id).toBe('did:foyer:other')
  })

  test('behavior: a 200 answer reaches the client as the schema outputs it (unknown keys dropped)', async () => {
    const api = createFakeApi()
    api.on('POST /api/v1/passwordless/init', () => json({ success: true, debug: 'internal' }))
    const answer = await post(api, '/api/v1/passwordless/init', { email: 'ada@example.com' })
    expect(await answer.json()).toEqual({ success: true })
  })

  test('error: a body the server would refuse fails with the zod issues and is answered 400 invalid_data', async () => {
    const api = createFakeApi()
    const answer = await post(api, '/api/v1/passwordless/authenticate', {
      email: 'ada@example.com',
      code: '12',
    })
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ code: 'invalid_data' })
    const [violation, ...rest] = take(api)
    expect(rest).toEqual([])
    expect(violation).toContain('POST /api/v1/passwordless/authenticate: a body the server refuses')
    expect(violation).toContain('Code should be numeric')
    expect(violation).toContain('→ at code')
  })

  test('error: violations fail the test after it, with every problem listed', async () => {
    const api = createFakeApi()
    await post(api, '/api/v1/passwordless/init', { email: 'not-an-email' })
    await post(api, '/api/v1/unknown')
    expect(() => assertNoViolations()).toThrow(
      /off the wire:\n\nPOST \/api\/v1\/passwordless\/init: a body the server refuses[\s\S]*POST \/api\/v1\/unknown: not a call/,
    )
    expect(api.violations).toEqual([])
    expect(() => assertNoViolations()).not.toThrow()
  })

  test('error: a field the server would silently drop fails', async () => {
    const api = createFakeApi()
    const answer = await post(api, '/api/v1/passwordless/init', {
      email: 'ada@example.com',
      captchaToken: 'token-1',
    })
    expect(answer.status).toBe(200)
    expect(take(api)).toEqual([
      'POST /api/v1/passwordless/init: fields the server ignores (not in the request schema): captchaToken',
    ])
  })

  test('error: a body without the JSON content type, or the JSON content type without a body, fails', async () => {
    const api = createFakeApi()
    const plain = await api.fetch(`${testApiUrl}/api/v1/passwordless/init`, {
      method: 'POST',
      body: JSON.stringify({ email: 'ada@example.com' }),
    })
    expect(plain.status).toBe(400)
    const empty = await post(api, '/api/v1/sessions/logout')
    expect(empty.status).toBe(400)
    expect(take(api)).toEqual([
      "POST /api/v1/passwordless/init: a body sent as '', not application/json",
      'POST /api/v1/sessions/logout: content-type application/json without a body',
    ])
  })

  test('error: a body sent to a call that takes none fails', async () => {
    const api = createFakeApi()
    api.on('POST /api/v1/passkeys/link/init', () => json({}))
    const answer = await post(api, '/api/v1/passkeys/link/init', { extra: 1 })
    expect(answer.status).toBe(400)
    expect(take(api)).toEqual([expect.stringContaining('a body sent to a call that takes none')])
  })

  test('error: path parameters the table refuses fail', async () => {
    const api = createFakeApi()
    const answer = await api.fetch(`${testApiUrl}/api/v1/apps/short`)
    expect(answer.status).toBe(400)
    expect(take(api)).toEqual([expect.stringContaining('path parameters the server refuses')])
  })

  test('error: an unknown path fails and is answered 404 not_found', async () => {
    const api = createFakeApi()
    const answer = await post(api, '/api/v1/passwordless/verify', { email: 'ada@example.com' })
    expect(answer.status).toBe(404)
    expect(await answer.json()).toMatchObject({ code: 'not_found' })
    expect(take(api)).toEqual([
      "POST /api/v1/passwordless/verify: not a call of the protocol's endpoint table",
    ])
  })

  test('error: a known path with the wrong method fails', async () => {
    const api = createFakeApi()
    await api.fetch(`${testApiUrl}/api/v1/passwordless/init`)
    expect(take(api)).toEqual([expect.stringContaining('not a call of the protocol')])
  })

  test('error: a route outside the table cannot be registered', () => {
    const api = createFakeApi()
    expect(() => api.on('POST /api/v1/nope', () => json({}))).toThrow(
      "Fake API: 'POST /api/v1/nope' is not a call of the protocol's endpoint table",
    )
  })

  test('error: a 200 answer the server could not send fails and is answered 500 internal_error', async () => {
    const api = createFakeApi()
    api.on('POST /api/v1/passwordless/authenticate', () => json({ user: testUser, token: 'abc' }))
    const answer = await post(api, '/api/v1/passwordless/authenticate', {
      email: 'ada@example.com',
      code: '123456',
    })
    expect(answer.status).toBe(500)
    expect(await answer.json()).toMatchObject({ code: 'internal_error' })
    const [violation] = take(api)
    expect(violation).toContain('a 200 answer the server cannot send')
    expect(violation).toContain('→ at session_update_action')
  })

  test('error: an error answer with a code outside errorCodes fails', async () => {
    const api = createFakeApi()
    api.on('POST /api/v1/passwordless/init', () => json({ error: 'Nope', code: 'brand_new_code' }, 403))
    const answer = await post(api, '/api/v1/passwordless/init', { email: 'ada@example.com' })
    expect(answer.status).toBe(500)
    expect(take(api)).toEqual([expect.stringContaining('an error answer off the { error, code } shape')])
  })

  test('error: an error answer in the { error, code } shape passes through', async () => {
    const api = createFakeApi()
    api.on('POST /api/v1/passwordless/init', () => apiError(429, 'too_many_requests', 'Slow down'))
    const answer = await post(api, '/api/v1/passwordless/init', { email: 'ada@example.com' })
    expect(answer.status).toBe(429)
    expect(await answer.json()).toEqual({ error: 'Slow down', code: 'too_many_requests' })
    expect(api.violations).toEqual([])
  })

  test('error: a table call without a handler fails instead of a silent 404', async () => {
    const api = createFakeApi()
    await post(api, '/api/v1/passkeys/unlink', { credential_id: 'abc' })
    expect(take(api)).toEqual([
      expect.stringContaining("no handler: the test must answer 'POST /api/v1/passkeys/unlink'"),
    ])
  })

  test('behavior: rawAnswer passes a proxy answer through unchecked', async () => {
    const api = createFakeApi()
    api.on('GET /api/v1/users/me', () => rawAnswer(new Response('<h1>Bad gateway</h1>', { status: 502 })))
    const answer = await api.fetch(`${testApiUrl}/api/v1/users/me`)
    expect(answer.status).toBe(502)
    expect(await answer.text()).toBe('<h1>Bad gateway</h1>')
    expect(api.violations).toEqual([])
  })

  test('behavior: the session model rotates refresh tokens once each', async () => {
    const api = createFakeApi()
    const first = await api.issue()
    const refreshed = await post(api, '/api/v1/sessions', { refresh_token: first.refresh_token })
    expect((await refreshed.json()).refresh_token).toBe('refresh-2')
    const replayed = await post(api, '/api/v1/sessions', { refresh_token: first.refresh_token })
    expect(replayed.status).toBe(401)
  })
})
