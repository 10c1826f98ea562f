import { CONSOLE_APP_ID } from '@foyer/protocol/console'
import { describe, expect, it } from 'vitest'
import { enrollTotp as enrollTotpWith, totpCodeAt } from '../../test/totpEnrolment'
import { useTestContext } from '../../test/useTestContext'
import { findAppRecord } from '../apps/service'
import { recordAudit } from './audit/recordAudit'
import { operatorConsole } from './plugin'

const ORIGIN = 'http://localhost:8787'
const OPERATOR = 'Ops@Console.test'
const t = useTestContext({ features: [operatorConsole({ operators: [OPERATOR, 'second@console.test'] })] })
let counter = 0
/** The TOTP secret of OPERATOR, enrolled by the first test that signs it in. */
let operatorSecret = ''
/** A session of OPERATOR that passed MFA. */
let operatorToken = ''

const codeAt = totpCodeAt

async function post(url: string, json: unknown, bearer: string) {
  return t.request({ method: 'POST', url, json, bearer, appId: CONSOLE_APP_ID, headers: { origin: ORIGIN } })
}

/** Signs `email` in to the console app; returns its access token. */
async function consoleToken(email: string): Promise<string> {
  return (await t.signIn(email, CONSOLE_APP_ID)).token ?? ''
}

/** Enrols TOTP for the session of `token` (which records a verification); returns the secret. */
const enrollTotp = (token: string) => enrollTotpWith(post, token, t.now())

const whoAmI = (token: string | undefined) =>
  t.request({ method: 'GET', url: '/api/v1/console/operator', appId: null, bearer: token })
const audit = (token: string, query = '') =>
  t.request({ method: 'GET', url: `/api/v1/console/audit${query}`, appId: null, bearer: token })

describe('the console app', () => {
  it('behavior: exists at start with email and passkey sign-in, TOTP and passkey MFA, and local origins', async () => {
    const config = await t.request({ method: 'GET', url: `/api/v1/apps/${CONSOLE_APP_ID}`, appId: null })
    expect(config.statusCode).toBe(200)
    const body = config.json() as Record<string, unknown>
    expect(body).toMatchObject({ email_auth: true, passkey_auth: true, sms_auth: false, wallet_auth: false })
    expect(body.mfa_methods).toEqual(['totp', 'passkey'])
    const record = await findAppRecord(t.db, CONSOLE_APP_ID, t.masterKey)
    expect(record?.allowedOrigins).toEqual(['http://localhost:*', 'http://127.0.0.1:*'])
  })
})

describe('the operator guard', () => {
  it('behavior: refuses a request without a token, and an access token of another app (401)', async () => {
    expect((await whoAmI(undefined)).json()).toMatchObject({ code: 'missing_or_invalid_token' })
    // An operator's address signed in to the demo app: its token is not the console app's.
    const demoToken = (await t.signIn(`ops+${++counter}@console.test`)).token ?? ''
    const sameEmailDemo = (await t.signIn(OPERATOR.toLowerCase())).token ?? ''
    for (const token of [demoToken, sameEmailDemo]) {
      const answer = await whoAmI(token)
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toMatchObject({ code: 'missing_or_invalid_token' })
    }
  })

  it('behavior: refuses a signed-in user of the console app who is not an operator (403 not_console_operator)', async () => {
    const token = await consoleToken(`someone${++counter}@example.com`)
    for (const answer of [await whoAmI(token), await audit(token)]) {
      expect(answer.statusCode).toBe(403)
      expect(answer.json()).toEqual({
        code: 'not_console_operator',
        error: 'This account is not an operator of this console',
      })
    }
  })

  it('behavior: an operator without a second factor must enrol, then passes; a stale verification must verify again', async () => {
    const token = await consoleToken('second@console.test')
    const before = await whoAmI(token)
    expect(before.statusCode).toBe(403)
    expect(before.json()).toEqual({
      code: 'missing_or_invalid_mfa',
      error: 'Add a second factor to your account to use the console',
    })
    const secret = await enrollTotp(token)
    const after = await whoAmI(token)
    expect(after.statusCode, after.body).toBe(200)
    expect(after.json()).toMatchObject({ email: 'second@console.test' })

    // Past the verification window (15 min) the guard asks for a verification again.
    t.advance(16 * 60_000)
    const stale = await whoAmI(token)
    expect(stale.statusCode).toBe(403)
    expect(stale.json()).toEqual({ code: 'missing_or_invalid_mfa', error: 'MFA verification required' })
    // A new sign-in without MFA does not pass either: the verification belongs to its session.
    const fresh = await consoleToken('second@console.test')
    expect((await whoAmI(fresh)).statusCode).toBe(403)
    const verified = await post('/api/v1/mfa/totp/verify', { code: codeAt(secret, t.now()) }, fresh)
    expect(verified.statusCode, verified.body).toBe(200)
    expect((await whoAmI(fresh)).statusCode).toBe(200)
  })

  it('behavior: the operator list matches addresses case-insensitively', async () => {
    const token = await consoleToken('OPS@console.test')
    operatorSecret = await enrollTotp(token)
    operatorToken = token
    expect((await whoAmI(token)).json()).toMatchObject({ email: 'ops@console.test' })
  })
})

describe('the audit log', () => {
  it('behavior: records who, what and before/after with secrets masked; lists newest first in pages', async () => {
    const token = operatorToken
    const operator = (await whoAmI(token)).json() as { user_id: string; email: string }
    const who = { userId: operator.user_id, email: operator.email, sessionId: 'unused' }
    const before = {
      name: 'Shop',
      captcha_secret_key: 'captcha-secret',
      telegram_bot_token: null,
      oauth: { clients: { github: { client_id: 'gh-id', client_secret: 'gh-secret' } } },
      stored: { sealed: 'v1.abc' },
    }
    await recordAudit(t, who, { action: 'app.create', target: { type: 'app', id: 'a1' }, after: before })
    t.advance(1000)
    await recordAudit(t, who, {
      action: 'app.update',
      target: { type: 'app', id: 'a1' },
      before,
      after: { ...before, name: 'Shop 2' },
    })
    t.advance(1000)
    await recordAudit(t, who, { action: 'app.delete', target: { type: 'app', id: 'a1' }, before })

    const first = await audit(token, '?limit=2')
    expect(first.statusCode, first.body).toBe(200)
    const page = first.json() as { events: Record<string, unknown>[]; next_cursor: string | null }
    expect(page.events.map((event) => event.action)).toEqual(['app.delete', 'app.update'])
    expect(page.events[1]).toMatchObject({
      operator: { user_id: operator.user_id, email: 'ops@console.test' },
      target: { type: 'app', id: 'a1' },
      before: {
        name: 'Shop',
        captcha_secret_key: '********',
        telegram_bot_token: null,
        oauth: { clients: { github: { client_id: 'gh-id', client_secret: '********' } } },
        stored: '********',
      },
      after: { name: 'Shop 2', captcha_secret_key: '********' },
    })
    expect(JSON.stringify(page)).not.toMatch(/captcha-secret|gh-secret|v1\.abc/)
    expect(page.next_cursor).toEqual(expect.any(String))

    const second = await audit(token, `?limit=2&cursor=${page.next_cursor}`)
    const rest = second.json() as { events: Record<string, unknown>[]; next_cursor: string | null }
    expect(rest.events.map((event) => event.action)).toEqual(['app.create'])
    expect(rest.events[0]).toMatchObject({ before: null })
    expect(rest.next_cursor).toBeNull()
  })

  it('behavior: malformed paging answers 400 invalid_data, never 500', async () => {
    // A new session of the operator, verified with the authenticator app (a later time step: no replay).
    t.advance(30_000)
    const token = await consoleToken(OPERATOR)
    const verified = await post('/api/v1/mfa/totp/verify', { code: codeAt(operatorSecret, t.now()) }, token)
    expect(verified.statusCode, verified.body).toBe(200)
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?cursor=x', '?cursor=1_%00', '?extra=1']) {
      const answer = await audit(token, query)
      expect(answer.statusCode, `${query}: ${answer.body}`).toBe(400)
      expect(answer.json()).toMatchObject({ code: 'invalid_data' })
    }
  })
})
