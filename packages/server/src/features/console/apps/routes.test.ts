import { CONSOLE_APP_ID, MASKED_SECRET } from '@foyer/protocol/console'
import { Secret, TOTP } from 'otpauth'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../../test/useTestContext'
import { TOTP_PARAMETERS } from '../../mfa/totp'
import { operatorConsole } from '../plugin'

const ORIGIN = 'http://localhost:8787'
const OPERATOR = 'apps-ops@console.test'
const t = useTestContext({ features: [operatorConsole({ operators: [OPERATOR] })] })
let operatorToken = ''

const codeAt = (secret: string, ms: number) =>
  new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(secret) }).generate({ timestamp: ms })

/** A console call with `bearer`, as the console page makes it (naming the console app). */
function call(method: 'GET' | 'POST' | 'PATCH', url: string, bearer: string, json?: unknown) {
  return t.request({ method, url, bearer, appId: CONSOLE_APP_ID, ...(json === undefined ? {} : { json }) })
}

beforeAll(async () => {
  operatorToken = (await t.signIn(OPERATOR, CONSOLE_APP_ID)).token ?? ''
  const post = (url: string, json: unknown) =>
    t.request({
      method: 'POST',
      url,
      json,
      bearer: operatorToken,
      appId: CONSOLE_APP_ID,
      headers: { origin: ORIGIN },
    })
  const { totpSecret } = (await post('/api/v1/mfa/totp/init', {})).json() as { totpSecret: string }
  expect((await post('/api/v1/mfa/totp/enroll', { code: codeAt(totpSecret, t.now()) })).statusCode).toBe(200)
})

describe('the console apps calls', () => {
  it('behavior: a user who is not an operator is refused every apps call by the server (403)', async () => {
    const token = (await t.signIn('not-ops@example.com', CONSOLE_APP_ID)).token ?? ''
    for (const answer of [
      await call('GET', '/api/v1/console/apps', token),
      await call('POST', '/api/v1/console/apps', token, { name: 'X', allowed_origins: [] }),
      await call('PATCH', `/api/v1/console/apps/${t.demoApp.id}`, token, { settings: { sms_auth: true } }),
      await call('POST', `/api/v1/console/apps/${t.demoApp.id}/rotate_signing_key`, token),
    ])
      expect(answer.json()).toMatchObject({ code: 'not_console_operator' })
    expect((await call('GET', '/api/v1/console/apps', '')).statusCode).toBe(401)
  })

  it('behavior: create, update with field errors, masked secrets, rotation; each change in the audit log', async () => {
    const created = await call('POST', '/api/v1/console/apps', operatorToken, {
      name: 'Console shop',
      allowed_origins: ['http://localhost:3000'],
    })
    expect(created.statusCode, created.body).toBe(200)
    const { id } = created.json() as { id: string }
    expect((await call('GET', '/api/v1/console/apps', operatorToken)).json().apps).toContainEqual(
      expect.objectContaining({ id, name: 'Console shop' }),
    )

    const invalid = await call('PATCH', `/api/v1/console/apps/${id}`, operatorToken, {
      allowed_origins: ['localhost'],
      settings: { accent_color: 42 },
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toMatchObject({
      code: 'invalid_data',
      error: 'Some fields of the app are not valid',
      data: {
        fields: [
          { path: ['allowed_origins', 0], code: 'invalid_origin' },
          { path: ['settings', 'accent_color'], code: 'invalid_type' },
        ],
      },
    })
    expect(
      (await call('PATCH', `/api/v1/console/apps/${id}`, operatorToken, { settings: [] })).statusCode,
    ).toBe(400)

    t.advance(1000) // the audit log orders by time
    const updated = await call('PATCH', `/api/v1/console/apps/${id}`, operatorToken, {
      settings: {
        sms_auth: true,
        google_oauth: true,
        captcha_secret_key: 'turnstile-secret-0001',
        login_methods_and_order: { primary: ['sms', 'google'], overflow: [] },
      },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().settings.captcha_secret_key).toBe(MASKED_SECRET)
    expect(updated.body).not.toContain('turnstile-secret-0001')
    // The public config carries the order the modal lays the landing out with.
    const config = await t.request({ method: 'GET', url: `/api/v1/apps/${id}`, appId: null })
    expect(config.json().login_methods_and_order).toEqual({ primary: ['sms', 'google'], overflow: [] })

    t.advance(1000)
    const rotated = await call('POST', `/api/v1/console/apps/${id}/rotate_signing_key`, operatorToken)
    expect(rotated.json().signing_keys).toHaveLength(2)
    expect((await call('GET', `/api/v1/console/apps/${'x'.repeat(25)}`, operatorToken)).statusCode).toBe(404)

    const audit = await call('GET', '/api/v1/console/audit', operatorToken)
    const events = (audit.json() as { events: { action: string; target: { id: string } }[] }).events.filter(
      (event) => event.target.id === id,
    )
    expect(events.map((event) => event.action)).toEqual([
      'app.rotate_signing_key',
      'app.update',
      'app.create',
    ])
    expect(audit.body).not.toContain('turnstile-secret-0001')
  })
})
