import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { appConfigSchema, authResponseSchema } from '@foyer/protocol'
import { and, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../createApp'
import { migrate } from '../../db/migrate'
import { openDatabase } from '../../db/openDatabase'
import { DEMO_APP_ID, DEMO_CAPTCHA_APP_ID, seedDemoApp } from '../../demo/demoApps'
import { captureLog } from '../../test/captureLog'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import {
  issueTurnstileToken,
  startTurnstileStandIn,
  type TurnstileStandIn,
  turnstileTestKeys,
} from '../../testing/captcha/turnstileStandIn'
import { type AppRecord, createAppRecord, findAppRecord, toAppConfig } from '../apps/service'
import { passkeyChallenges } from '../passkeys/schema'
import { oneTimeCodes } from '../passwordless/schema'
import { isHostnameAllowed } from './isHostnameAllowed'

const ORIGIN = 'http://localhost:5173'
const SMALL_TIMEOUT_MS = 200

let t: TestContext
let turnstile: TurnstileStandIn
/** Captcha on, secret `2x…` (Cloudflare's "always fails"). */
let failingApp: AppRecord
/** Captcha on, no secret configured. */
let noSecretApp: AppRecord
/** Servers over the same database with other siteverify settings. */
let unreachable: FastifyInstance
let slow: FastifyInstance
let errorStatus: FastifyInstance
let notJson: FastifyInstance
let textServer: Server
const { stream: logStream, lines: logLines } = captureLog()
let counter = 0
const freshEmail = () => `captcha${++counter}@example.com`
const freshNumber = () => `+1415${String(5_600_000 + ++counter).padStart(7, '0')}`

async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/turnstile/v0/siteverify`
}

function appOver(verifyUrl: string, timeoutMs?: number): Promise<FastifyInstance> {
  return createApp({
    db: t.db,
    masterKey: t.masterKey,
    env: 'test',
    rateLimits: false,
    captcha: { verifyUrl, ...(timeoutMs ? { timeoutMs } : {}) },
  })
}

beforeAll(async () => {
  turnstile = await startTurnstileStandIn({ host: '127.0.0.1', port: 0 })
  t = await createTestContext({
    captcha: { verifyUrl: turnstile.verifyUrl },
    logger: { level: 'warn', stream: logStream },
  })
  const captchaSettings = {
    passkey_auth: true,
    passkeys_for_signup_enabled: true,
    sms_auth: true,
    captcha_enabled: true,
  }
  const origins = ['http://localhost:*', 'http://127.0.0.1:*']
  failingApp = await createAppRecord(t.db, {
    name: 'Always fails',
    allowedOrigins: origins,
    settings: { ...captchaSettings, captcha_secret_key: turnstileTestKeys.secretFails },
    masterKey: t.masterKey,
  })
  noSecretApp = await createAppRecord(t.db, {
    name: 'No secret',
    allowedOrigins: origins,
    settings: captchaSettings,
    masterKey: t.masterKey,
  })
  // A siteverify that misbehaves: '/503' answers a success body with an error status, '/text' plain text.
  textServer = createServer((request, response) => {
    if (request.url === '/503') {
      response.writeHead(503, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ success: true, 'error-codes': [], hostname: 'localhost' }))
      return
    }
    response.writeHead(200, { 'content-type': 'text/plain' })
    response.end('OK')
  })
  await new Promise<void>((resolve) => textServer.listen(0, '127.0.0.1', resolve))
  unreachable = await appOver(await closedPortUrl())
  slow = await appOver(turnstile.verifyUrl, SMALL_TIMEOUT_MS)
  const misbehaving = `http://127.0.0.1:${(textServer.address() as AddressInfo).port}`
  errorStatus = await appOver(`${misbehaving}/503`)
  notJson = await appOver(`${misbehaving}/text`)
}, 60_000)

afterAll(async () => {
  await Promise.all([unreachable, slow, errorStatus, notJson].map((server) => server?.close()))
  await new Promise<void>((resolve) => (textServer ? textServer.close(() => resolve()) : resolve()))
  await t?.close()
  await turnstile?.close()
})

/** A token from the stand-in, as the widget would get it on `hostname`. */
const issueToken = (hostname?: string, sitekey?: string) => issueTurnstileToken(turnstile, hostname, sitekey)

/** The ceremony whose challenges a passkey init issues. */
type PasskeyCeremony = { ceremony: 'registration' | 'authentication' }

type Route = {
  name: string
  url: string
  /** A body for a fresh destination (`to`: the stored destination, or the passkey ceremony). */
  fresh(): { body: Record<string, unknown>; to: string | PasskeyCeremony }
}

const routes: Route[] = [
  {
    name: 'POST /api/v1/passwordless/init',
    url: '/api/v1/passwordless/init',
    fresh() {
      const email = freshEmail()
      return { body: { email }, to: email }
    },
  },
  {
    name: 'POST /api/v1/passwordless_sms/init',
    url: '/api/v1/passwordless_sms/init',
    fresh() {
      const number = freshNumber()
      return { body: { phoneNumber: number }, to: number }
    },
  },
  {
    name: 'POST /api/v1/passkeys/authenticate/init',
    url: '/api/v1/passkeys/authenticate/init',
    fresh: () => ({ body: {}, to: { ceremony: 'authentication' } }),
  },
  {
    name: 'POST /api/v1/passkeys/register/init',
    url: '/api/v1/passkeys/register/init',
    fresh: () => ({ body: {}, to: { ceremony: 'registration' } }),
  },
]

/** Codes stored for `to` (email/SMS), or challenges of the app for a passkey ceremony. */
async function issuedCount(appId: string, to: string | PasskeyCeremony): Promise<number> {
  const [row] =
    typeof to === 'string'
      ? await t.db.orm
          .select({ n: count() })
          .from(oneTimeCodes)
          .where(and(eq(oneTimeCodes.appId, appId), eq(oneTimeCodes.destination, to)))
      : await t.db.orm
          .select({ n: count() })
          .from(passkeyChallenges)
          .where(and(eq(passkeyChallenges.appId, appId), eq(passkeyChallenges.ceremony, to.ceremony)))
  return row?.n ?? 0
}

function call(
  route: Route,
  body: Record<string, unknown>,
  options: { appId?: string; token?: string; bearer?: string; server?: FastifyInstance } = {},
) {
  const appId = options.appId ?? DEMO_CAPTCHA_APP_ID
  const headers: Record<string, string> = {
    'privy-app-id': appId,
    origin: ORIGIN,
    'content-type': 'application/json',
  }
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`
  const payload = JSON.stringify({
    ...body,
    ...(options.token !== undefined ? { token: options.token } : {}),
  })
  return (options.server ?? t.app).inject({ method: 'POST', url: route.url, headers, payload })
}

/** A session of the captcha demo app (signed in with an emailed code, sent with a captcha token). */
async function captchaAppSession(): Promise<string> {
  const email = freshEmail()
  const sent = await call(routes[0] as Route, { email }, { token: await issueToken() })
  expect(sent.statusCode, sent.body).toBe(200)
  const [message] = await t.mailbox(email)
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/passwordless/authenticate',
    appId: DEMO_CAPTCHA_APP_ID,
    json: { email, code: message?.code },
  })
  expect(response.statusCode, response.body).toBe(200)
  return authResponseSchema.parse(response.json()).token as string
}

/** Expects 400 invalid_captcha and no code / challenge issued for `to`. */
async function expectRefused(
  response: { statusCode: number; body: string; json(): unknown },
  appId: string,
  to: string | PasskeyCeremony,
  before: number,
) {
  expect(response.statusCode, response.body).toBe(400)
  expect(response.json()).toMatchObject({ code: 'invalid_captcha' })
  expect(await issuedCount(appId, to)).toBe(before)
}

describe.each(routes)('$name', (route) => {
  test('default: captcha off → no token needed', async () => {
    const { body } = route.fresh()
    const response = await call(route, body, { appId: DEMO_APP_ID })
    expect(response.statusCode, response.body).toBe(200)
  })

  test('error: captcha on, no token → 400 invalid_captcha, nothing issued, no cooldown recorded', async () => {
    const { body, to } = route.fresh()
    const before = await issuedCount(DEMO_CAPTCHA_APP_ID, to)
    const calls = turnstile.verifyCalls.length
    await expectRefused(await call(route, body), DEMO_CAPTCHA_APP_ID, to, before)
    await expectRefused(await call(route, body, { token: '' }), DEMO_CAPTCHA_APP_ID, to, before)
    expect(turnstile.verifyCalls).toHaveLength(calls)
    if (typeof to === 'string') expect(await t.mailbox(to)).toEqual([])
    // No 30 s cooldown was started: a call with a valid token goes through at once.
    const response = await call(route, body, { token: await issueToken() })
    expect(response.statusCode, response.body).toBe(200)
    expect(await issuedCount(DEMO_CAPTCHA_APP_ID, to)).toBe(before + 1)
  })

  test('default: a valid token → 200; siteverify gets secret, response, remoteip, a UUID idempotency_key', async () => {
    const { body, to } = route.fresh()
    const token = await issueToken()
    const response = await call(route, body, { token })
    expect(response.statusCode, response.body).toBe(200)
    if (typeof to === 'string') expect((await t.mailbox(to))[0]?.code).toMatch(/^\d{6}$/)
    expect(turnstile.verifyCalls.at(-1)).toEqual({
      secret: turnstileTestKeys.secretPasses,
      response: token,
      remoteip: '127.0.0.1',
      idempotency_key: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    })
  })

  test('error: the same token twice → the second is 400 (single use)', async () => {
    const token = await issueToken()
    const first = route.fresh()
    expect((await call(route, first.body, { token })).statusCode).toBe(200)
    const second = route.fresh()
    const before = await issuedCount(DEMO_CAPTCHA_APP_ID, second.to)
    await expectRefused(await call(route, second.body, { token }), DEMO_CAPTCHA_APP_ID, second.to, before)
  })

  test("error: the app's secret is 2x… (always fails) → 400", async () => {
    const { body, to } = route.fresh()
    const response = await call(route, body, { appId: failingApp.id, token: await issueToken() })
    await expectRefused(response, failingApp.id, to, 0)
  })

  test('error: siteverify unreachable (closed port) → 400, fails closed', async () => {
    const { body, to } = route.fresh()
    const before = await issuedCount(DEMO_CAPTCHA_APP_ID, to)
    const response = await call(route, body, { token: await issueToken(), server: unreachable })
    await expectRefused(response, DEMO_CAPTCHA_APP_ID, to, before)
  })

  test('error: siteverify slower than timeoutMs → 400 within bounded time', async () => {
    const { body, to } = route.fresh()
    const before = await issuedCount(DEMO_CAPTCHA_APP_ID, to)
    const token = await issueToken()
    turnstile.setVerifyDelayMs(3000)
    try {
      const started = performance.now()
      const response = await call(route, body, { token, server: slow })
      expect(performance.now() - started).toBeLessThan(2000)
      await expectRefused(response, DEMO_CAPTCHA_APP_ID, to, before)
    } finally {
      turnstile.setVerifyDelayMs(0)
    }
  })

  test('error: a token solved on a host the app does not allow → 400', async () => {
    const { body, to } = route.fresh()
    const before = await issuedCount(DEMO_CAPTCHA_APP_ID, to)
    const response = await call(route, body, { token: await issueToken('evil.example') })
    await expectRefused(response, DEMO_CAPTCHA_APP_ID, to, before)
    const allowed = await call(route, route.fresh().body, { token: await issueToken('127.0.0.1') })
    expect(allowed.statusCode, allowed.body).toBe(200)
  })

  test('behavior: a request with a session of this app (e.g. a link code send) needs no token', async () => {
    const bearer = await captchaAppSession()
    const { body, to } = route.fresh()
    const calls = turnstile.verifyCalls.length
    const response = await call(route, body, { bearer })
    expect(response.statusCode, response.body).toBe(200)
    expect(turnstile.verifyCalls).toHaveLength(calls)
    if (typeof to === 'string') {
      const [row] = await t.db.orm.select().from(oneTimeCodes).where(eq(oneTimeCodes.destination, to))
      expect(row?.purpose).toBe('link')
    }
  })

  test("error: a guest's session does not skip the captcha (guests sign in with no captcha)", async () => {
    const guest = await t.request({
      method: 'POST',
      url: '/api/v1/guest/authenticate',
      appId: DEMO_CAPTCHA_APP_ID,
      json: { guest_credential: randomBytes(32).toString('base64url') },
    })
    expect(guest.statusCode, guest.body).toBe(200)
    const bearer = authResponseSchema.parse(guest.json()).token as string
    const { body, to } = route.fresh()
    const before = await issuedCount(DEMO_CAPTCHA_APP_ID, to)
    await expectRefused(await call(route, body, { bearer }), DEMO_CAPTCHA_APP_ID, to, before)
    // With a token the guest goes on (e.g. to link an email and become a full user).
    const response = await call(route, body, { bearer, token: await issueToken() })
    expect(response.statusCode, response.body).toBe(200)
  })

  test('error: a session of another app does not skip the captcha', async () => {
    const { token: bearer } = await t.signIn()
    const { body, to } = route.fresh()
    const before = await issuedCount(DEMO_CAPTCHA_APP_ID, to)
    await expectRefused(
      await call(route, body, { bearer: bearer as string }),
      DEMO_CAPTCHA_APP_ID,
      to,
      before,
    )
  })
})

describe('assertCaptcha', () => {
  const email = routes[0] as Route

  test('error: a token longer than 2048 characters → 400 without a siteverify call', async () => {
    const { body, to } = email.fresh()
    const calls = turnstile.verifyCalls.length
    const response = await call(email, body, { token: 'a'.repeat(2049) })
    await expectRefused(response, DEMO_CAPTCHA_APP_ID, to, 0)
    expect(response.json()).toMatchObject({ error: 'Captcha token invalid' })
    expect(turnstile.verifyCalls).toHaveLength(calls)
  })

  test('error: captcha on without a secret → 400 (fails closed, not open)', async () => {
    const { body, to } = email.fresh()
    const token = await issueToken()
    const calls = turnstile.verifyCalls.length
    const response = await call(email, body, { appId: noSecretApp.id, token })
    await expectRefused(response, noSecretApp.id, to, 0)
    expect(turnstile.verifyCalls).toHaveLength(calls)
  })

  test('error: siteverify answers non-2xx (even with a success body) → 400', async () => {
    const { body, to } = email.fresh()
    const response = await call(email, body, { token: await issueToken(), server: errorStatus })
    await expectRefused(response, DEMO_CAPTCHA_APP_ID, to, 0)
  })

  test('error: siteverify answers something that is not JSON → 400', async () => {
    const { body, to } = email.fresh()
    const response = await call(email, body, { token: await issueToken(), server: notJson })
    await expectRefused(response, DEMO_CAPTCHA_APP_ID, to, 0)
    expect(response.json()).toMatchObject({ error: 'Captcha verification failed' })
  })

  test('behavior: failures are logged at warn with the error codes, never the token', async () => {
    const token = await issueToken()
    expect((await call(email, email.fresh().body, { token })).statusCode).toBe(200)
    const lines = logLines.length
    expect((await call(email, email.fresh().body, { token })).statusCode).toBe(400)
    const logged = logLines.slice(lines).join('\n')
    expect(logged).toContain('timeout-or-duplicate')
    expect(logged).toContain('"level":40')
    expect(logLines.join('\n')).not.toContain(token)
    expect(logLines.join('\n')).not.toContain(turnstileTestKeys.secretPasses)
  })

  test('default: isHostnameAllowed matches the host of exact and port-wildcard origins', () => {
    const patterns = ['http://localhost:*', 'https://Shop.Example:8443']
    expect(isHostnameAllowed(patterns, 'localhost')).toBe(true)
    expect(isHostnameAllowed(patterns, 'shop.example')).toBe(true)
    expect(isHostnameAllowed(patterns, 'SHOP.example')).toBe(true)
    expect(isHostnameAllowed(patterns, 'evil.example')).toBe(false)
    expect(isHostnameAllowed(patterns, 'shop.example.evil')).toBe(false)
    expect(isHostnameAllowed(patterns, '')).toBe(false)
  })
})

describe('app config', () => {
  test('error: GET /api/v1/apps/:id never contains captcha_secret_key or access_control', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/apps/${DEMO_CAPTCHA_APP_ID}`,
      appId: null,
    })
    expect(response.statusCode).toBe(200)
    const config = response.json() as Record<string, unknown>
    expect(config).toMatchObject({ captcha_enabled: true, captcha_site_key: 't:1x00000000000000000000AA' })
    expect(config).not.toHaveProperty('captcha_secret_key')
    expect(config).not.toHaveProperty('access_control')
    expect(response.body).not.toContain(turnstileTestKeys.secretPasses)
  })

  test('error: toAppConfig removes the server-only settings itself (not only the response schema)', async () => {
    const app = await findAppRecord(t.db, DEMO_CAPTCHA_APP_ID, t.masterKey)
    const config = toAppConfig(app as AppRecord) as Record<string, unknown>
    expect(config).not.toHaveProperty('captcha_secret_key')
    expect(config).not.toHaveProperty('access_control')
    expect(config).not.toHaveProperty('funding_providers')
    expect(appConfigSchema.strict().safeParse(config).success).toBe(true)
  })

  test('default: seedDemoApp seeds the captcha demo app outside production only', async () => {
    const seeded = await findAppRecord(t.db, DEMO_CAPTCHA_APP_ID, t.masterKey)
    expect(seeded).toMatchObject({
      name: 'Foyer Demo (captcha)',
      allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
      settings: {
        email_auth: true,
        sms_auth: true,
        passkey_auth: true,
        captcha_enabled: true,
        captcha_site_key: 't:1x00000000000000000000AA',
        captcha_secret_key: '1x0000000000000000000000000000000AA',
      },
    })
    const db = await openDatabase({})
    try {
      await migrate(db)
      const masterKey = randomBytes(32)
      await expect(seedDemoApp(db, { masterKey, env: 'production' })).rejects.toThrow(
        'not seeded in production',
      )
      expect(await findAppRecord(db, DEMO_APP_ID, masterKey)).toBeNull()
      expect(await findAppRecord(db, DEMO_CAPTCHA_APP_ID, masterKey)).toBeNull()
    } finally {
      await db.close()
    }
  }, 60_000)
})
