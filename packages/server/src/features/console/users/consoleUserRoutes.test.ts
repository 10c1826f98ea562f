// The console's user calls over HTTP (docs/console.md#users): the operator guard, input checks, and the
// revoke that ends a user's refresh and shows in the audit log.
import { CONSOLE_APP_ID, consoleUserRecordSchema } from '@foyer/protocol/console'
import { Secret, TOTP } from 'otpauth'
import { beforeAll, describe, expect, test } from 'vitest'
import { useTestContext } from '../../../test/useTestContext'
import { TOTP_PARAMETERS } from '../../mfa/totp'
import { operatorConsole } from '../plugin'

const OPERATOR = 'users-ops@console.test'
const t = useTestContext({ features: [operatorConsole({ operators: [OPERATOR] })] })
let operatorToken = ''

const codeAt = (secret: string, ms: number) =>
  new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(secret) }).generate({ timestamp: ms })

const call = (method: 'GET' | 'POST', url: string, json?: unknown, bearer = operatorToken) =>
  t.request({ method, url, appId: CONSOLE_APP_ID, bearer, ...(json === undefined ? {} : { json }) })

beforeAll(async () => {
  const token = (await t.signIn(OPERATOR, CONSOLE_APP_ID)).token ?? ''
  const post = (url: string, json: unknown) =>
    t.request({ method: 'POST', url, json, bearer: token, appId: CONSOLE_APP_ID })
  const init = await post('/api/v1/mfa/totp/init', {})
  const { totpSecret } = init.json() as { totpSecret: string }
  const enrolled = await post('/api/v1/mfa/totp/enroll', { code: codeAt(totpSecret, t.now()) })
  expect(enrolled.statusCode, enrolled.body).toBe(200)
  operatorToken = token
})

describe('the console user calls', () => {
  test('error: a user of the console app who is not an operator is refused every call (403)', async () => {
    const token = (await t.signIn('not-an-operator@example.com', CONSOLE_APP_ID)).token ?? ''
    const target = (await t.signIn('target@example.com')).user.id.split(':').at(-1) ?? ''
    for (const [method, url, json] of [
      ['GET', '/api/v1/console/users?q=target@example.com'],
      ['GET', `/api/v1/console/users/${target}`],
      ['POST', `/api/v1/console/users/${target}/sessions/revoke`, {}],
      ['POST', `/api/v1/console/users/${target}/delete`, { confirm_user_id: target }],
    ] as const) {
      const answer = await call(method, url, json, token)
      expect(answer.statusCode, url).toBe(403)
      expect(answer.json()).toMatchObject({ code: 'not_console_operator' })
    }
  })

  test('error: malformed input answers 400 invalid_data, never 500', async () => {
    for (const [method, url, json] of [
      ['GET', '/api/v1/console/users'],
      ['GET', '/api/v1/console/users?q=a&limit=1000'],
      ['GET', '/api/v1/console/users?q=a&cursor=%27%3B--'],
      ['GET', '/api/v1/console/users/NOT-AN-ID'],
      ['POST', `/api/v1/console/users/${'a'.repeat(25)}/sessions/revoke`, { session_id: 'x' }],
      ['POST', `/api/v1/console/users/${'a'.repeat(25)}/mfa/remove`, { type: 'totp' }],
      [
        'POST',
        `/api/v1/console/users/${'a'.repeat(25)}/mfa/remove`,
        { type: 'totp', verified_out_of_band: false },
      ],
      ['POST', `/api/v1/console/users/${'a'.repeat(25)}/delete`, {}],
    ] as const) {
      const answer = await call(method, url, json)
      expect(answer.statusCode, `${url} ${answer.body}`).toBe(400)
      expect(answer.json()).toMatchObject({ code: 'invalid_data' })
    }
  })

  test('find by email, read the record, revoke all: the next refresh fails and the audit log has it', async () => {
    const user = await t.request({
      method: 'POST',
      url: '/api/v1/passwordless/authenticate',
      json: { email: 'findme@example.com', code: await t.sendCode('findme@example.com') },
      headers: { 'user-agent': 'Mozilla/5.0 (Test) Console/1' },
    })
    const auth = user.json() as { refresh_token: string; user: { id: string } }
    const search = await call('GET', '/api/v1/console/users?q=FindMe@Example.com')
    expect(search.statusCode, search.body).toBe(200)
    const [found] = (search.json() as { users: Array<{ id: string; user_id: string }> }).users
    expect(found?.id).toBe(auth.user.id)
    const userId = found?.user_id ?? ''

    const record = consoleUserRecordSchema.parse(
      (await call('GET', `/api/v1/console/users/${userId}`)).json(),
    )
    expect(record.sessions[0]).toMatchObject({ user_agent: 'Mozilla/5.0 (Test) Console/1', status: 'active' })

    const revoked = await call('POST', `/api/v1/console/users/${userId}/sessions/revoke`, {})
    expect(revoked.json()).toEqual({ revoked: 1 })
    const refresh = await t.request({
      method: 'POST',
      url: '/api/v1/sessions',
      json: { refresh_token: auth.refresh_token },
    })
    expect(refresh.statusCode).toBe(401)

    const audit = (await call('GET', '/api/v1/console/audit')).json() as {
      events: Array<{ action: string; target: { id: string }; operator: { email: string }; after: unknown }>
    }
    expect(audit.events[0]).toMatchObject({
      action: 'user.revoke_sessions',
      target: { id: userId },
      operator: { email: OPERATOR },
    })
    expect(JSON.stringify(audit.events)).not.toContain(auth.refresh_token)

    const exported = await call('GET', `/api/v1/console/users/${userId}/export`)
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="user-${userId}.json"`)
    expect(exported.json()).toMatchObject({ format: 'foyer.user-export.v1', user_id: userId })

    const deleted = await call('POST', `/api/v1/console/users/${userId}/delete`, { confirm_user_id: userId })
    expect(deleted.json()).toEqual({ deleted: true })
    expect((await call('GET', `/api/v1/console/users/${userId}`)).statusCode).toBe(404)
  })
})
