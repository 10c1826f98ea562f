import {
  authResponseSchema,
  TELEGRAM_AUTH_MAX_AGE_SECONDS,
  TELEGRAM_WIDGET_SCRIPT_URL,
  userSchema,
} from '@foyer/protocol'
import { beforeAll, describe, expect, test } from 'vitest'
import { createTestContext } from '../../test/createTestContext'
import { linkedAccountTypes } from '../../test/linkedAccountTypes'
import { useTestContext } from '../../test/useTestContext'
import {
  createTelegramInitData,
  signTelegramLogin,
  type TelegramTestUser,
} from '../../testing/telegram/signTelegramLogin'
import { type AppRecord, createAppRecord } from '../apps/service'
import { resolveTelegramOptions } from './loaderScript'
import { telegram } from './method'

const BOT_TOKEN = '7000000001:AAEtestTOKENforFOYERlocalBOT-0000001'
const OTHER_BOT_TOKEN = '7000000002:AAEanotherTOKENforANOTHERbot-000002'

const t = useTestContext()
let app: AppRecord
let userCounter = 100
const freshUser = (name = 'Ada'): TelegramTestUser => ({
  id: 5_000_000_000 + ++userCounter,
  first_name: name,
  last_name: 'Lovelace',
  username: `${name.toLowerCase()}${userCounter}`,
  photo_url: `https://t.me/i/userpic/320/${userCounter}.jpg`,
})
const nowSeconds = () => Math.floor(t.now() / 1000)
const widget = (user: TelegramTestUser, authDate = nowSeconds(), botToken = BOT_TOKEN) =>
  signTelegramLogin({ botToken, user, authDate })
const miniApp = (user: TelegramTestUser, authDate = nowSeconds(), botToken = BOT_TOKEN) =>
  createTelegramInitData({ botToken, user, authDate }).webAppData

beforeAll(async () => {
  app = await createAppRecord(t.db, {
    name: 'Telegram app',
    allowedOrigins: ['http://localhost:*'],
    masterKey: t.masterKey,
    settings: {
      telegram_auth: true,
      telegram_bot_token: BOT_TOKEN,
      telegram_auth_config: { bot_id: '7000000001', bot_name: 'foyer_test_bot', seamless_auth_enabled: true },
    },
  })
})

function call(
  path: string,
  body: unknown,
  options: { appId?: string | undefined; bearer?: string | undefined } = {},
) {
  return t.request({
    method: 'POST',
    url: `/api/v1/telegram/${path}`,
    json: body,
    appId: options.appId ?? app.id,
    bearer: options.bearer,
  })
}
const authenticate = (body: unknown, appId?: string) => call('authenticate', body, { appId })

async function emailSession(): Promise<string> {
  const email = `tg${++userCounter}@example.com`
  const code = await t.sendCode(email, app.id)
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/passwordless/authenticate',
    appId: app.id,
    json: { email, code },
  })
  const token = authResponseSchema.parse(response.json()).token
  if (!token) throw new Error('no access token')
  return token
}

function expectError(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect({ status: response.statusCode, code: (response.json() as { code?: string }).code }).toEqual({
    status,
    code,
  })
}

describe('telegram/authenticate', () => {
  test('default: widget data signs up a user with the telegram account', async () => {
    const user = freshUser()
    const response = await authenticate({ telegram_auth_result: widget(user) })
    expect(response.statusCode).toBe(200)
    const auth = authResponseSchema.parse(response.json())
    expect(auth.is_new_user).toBe(true)
    expect(auth.user.linked_accounts).toEqual([
      {
        type: 'telegram',
        telegram_user_id: String(user.id),
        first_name: user.first_name,
        last_name: 'Lovelace',
        username: user.username,
        photo_url: user.photo_url,
        verified_at: nowSeconds(),
        first_verified_at: nowSeconds(),
        latest_verified_at: nowSeconds(),
      },
    ])
  })

  test('default: mini-app data signs in the same user as widget data of the same Telegram account', async () => {
    const user = freshUser()
    const first = authResponseSchema.parse(
      (await authenticate({ telegram_auth_result: widget(user) })).json(),
    )
    const response = await authenticate({ telegram_web_app_data: miniApp(user) })
    expect(response.statusCode).toBe(200)
    const second = authResponseSchema.parse(response.json())
    expect(second.user.id).toBe(first.user.id)
    expect(second.is_new_user).toBe(false)
  })

  test('behavior: widget values as strings (a redirect copies the query) verify like numbers', async () => {
    const user = freshUser()
    const signed = widget(user)
    const asStrings = Object.fromEntries(Object.entries(signed).map(([key, value]) => [key, String(value)]))
    const response = await authenticate({ telegram_auth_result: asStrings })
    expect(response.statusCode).toBe(200)
    expect(authResponseSchema.parse(response.json()).user.linked_accounts[0]).toMatchObject({
      telegram_user_id: String(user.id),
    })
  })

  test('behavior: mini-app auth_date as a number verifies like the string', async () => {
    const data = miniApp(freshUser())
    const response = await authenticate({
      telegram_web_app_data: { ...data, auth_date: Number(data.auth_date) },
    })
    expect(response.statusCode).toBe(200)
  })

  test('behavior: a later sign-in updates the stored profile', async () => {
    const user = freshUser()
    await authenticate({ telegram_auth_result: widget(user) })
    const renamed = { ...user, username: 'renamed_user', last_name: undefined }
    const auth = authResponseSchema.parse(
      (await authenticate({ telegram_auth_result: widget(renamed) })).json(),
    )
    expect(auth.user.linked_accounts[0]).toMatchObject({ username: 'renamed_user' })
  })

  test('behavior: parallel first sign-ins of one Telegram account make one user', async () => {
    const user = freshUser()
    // Eight payloads of one account (each payload is single use): signed one second apart.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        authenticate({ telegram_auth_result: widget(user, nowSeconds() - index) }),
      ),
    )
    const users = answers.map((answer) => authResponseSchema.parse(answer.json()))
    expect(new Set(users.map((auth) => auth.user.id)).size).toBe(1)
    expect(users.filter((auth) => auth.is_new_user)).toHaveLength(1)
  })

  test('behavior: mode no-signup refuses an unknown Telegram account (404 user_does_not_exist)', async () => {
    expectError(
      await authenticate({ telegram_auth_result: widget(freshUser()), mode: 'no-signup' }),
      404,
      'user_does_not_exist',
    )
  })

  test('error: a mini-app payload signs in once; replayed while fresh → 401 telegram_data_already_used', async () => {
    const data = miniApp(freshUser())
    expect((await authenticate({ telegram_web_app_data: data })).statusCode).toBe(200)
    const replay = await authenticate({ telegram_web_app_data: data })
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({
      error: 'This Telegram data was already used. Log in with Telegram again.',
      code: 'telegram_data_already_used',
    })
  })

  test('error: a widget payload signs in once; replayed by link or to another app → 401 telegram_data_already_used', async () => {
    const user = freshUser()
    const data = widget(user)
    expect((await authenticate({ telegram_auth_result: data })).statusCode).toBe(200)
    expectError(await authenticate({ telegram_auth_result: data }), 401, 'telegram_data_already_used')
    const bearer = await emailSession()
    expectError(
      await call('link', { telegram_auth_result: data }, { bearer }),
      401,
      'telegram_data_already_used',
    )
    const sameBot = await createAppRecord(t.db, {
      name: 'Same bot',
      masterKey: t.masterKey,
      settings: { telegram_auth: true, telegram_bot_token: BOT_TOKEN },
    })
    expectError(
      await authenticate({ telegram_auth_result: data }, sameBot.id),
      401,
      'telegram_data_already_used',
    )
    // A fresh payload of the same account still signs in.
    t.advance(1000)
    expect((await authenticate({ telegram_auth_result: widget(user) })).statusCode).toBe(200)
  })

  test('behavior: one payload sent 8 times at once signs in once', async () => {
    const data = widget(freshUser())
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => authenticate({ telegram_auth_result: data })),
    )
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    for (const refused of answers.filter((answer) => answer.statusCode !== 200))
      expectError(refused, 401, 'telegram_data_already_used')
  })

  test('error: security property 45 every tampered field fails (401 invalid_credentials)', async () => {
    const signed = widget(freshUser())
    for (const [key, value] of Object.entries(signed)) {
      if (key === 'hash') continue
      const tampered = { ...signed, [key]: typeof value === 'number' ? value + 1 : `${value}x` }
      expectError(await authenticate({ telegram_auth_result: tampered }), 401, 'invalid_credentials')
    }
    const added = { ...signed, is_admin: 'true' }
    expectError(await authenticate({ telegram_auth_result: added }), 401, 'invalid_credentials')
    const { last_name: _dropped, ...removed } = signed
    expectError(await authenticate({ telegram_auth_result: removed }), 401, 'invalid_credentials')
  })

  test('error: security property 45 a wrong, malformed or missing hash fails (401 invalid_credentials)', async () => {
    const signed = widget(freshUser())
    const hash = String(signed.hash)
    const flipped = `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`
    for (const bad of [flipped, hash.slice(0, 63), `${hash}00`, 'zz'.repeat(32), '', undefined]) {
      const body = { ...signed, hash: bad }
      expectError(await authenticate({ telegram_auth_result: body }), 401, 'invalid_credentials')
    }
  })

  test('error: security property 45 data signed for another bot fails (401 invalid_credentials)', async () => {
    expectError(
      await authenticate({ telegram_auth_result: widget(freshUser(), nowSeconds(), OTHER_BOT_TOKEN) }),
      401,
      'invalid_credentials',
    )
  })

  test('error: security property 46 auth_date older than 24 h fails; exactly 24 h passes', async () => {
    const user = freshUser()
    const limit = nowSeconds() - TELEGRAM_AUTH_MAX_AGE_SECONDS
    expect((await authenticate({ telegram_auth_result: widget(user, limit) })).statusCode).toBe(200)
    expectError(
      await authenticate({ telegram_auth_result: widget(user, limit - 1) }),
      401,
      'invalid_credentials',
    )
    expectError(
      await authenticate({ telegram_web_app_data: miniApp(user, limit - 1) }),
      401,
      'invalid_credentials',
    )
  })

  test('error: security property 46 auth_date in the future fails (beyond 60 s of clock skew)', async () => {
    const user = freshUser()
    expectError(
      await authenticate({ telegram_auth_result: widget(user, nowSeconds() + 3600) }),
      401,
      'invalid_credentials',
    )
    expectError(
      await authenticate({ telegram_web_app_data: miniApp(user, nowSeconds() + 61) }),
      401,
      'invalid_credentials',
    )
    expect((await authenticate({ telegram_auth_result: widget(user, nowSeconds() + 30) })).statusCode).toBe(
      200,
    )
  })

  test('error: security property 46 the same payload fails once it is older than 24 h', async () => {
    const data = widget(freshUser())
    expect((await authenticate({ telegram_auth_result: data })).statusCode).toBe(200)
    t.advance((TELEGRAM_AUTH_MAX_AGE_SECONDS + 1) * 1000)
    expectError(await authenticate({ telegram_auth_result: data }), 401, 'invalid_credentials')
  })

  test('error: security property 47 widget data presented as mini-app data fails, and the reverse', async () => {
    const user = freshUser()
    // The widget's fields and hash, with its profile packed as mini-app `user`: the key differs.
    const signed = widget(user)
    const asMiniApp = {
      auth_date: String(signed.auth_date),
      hash: String(signed.hash),
      user: JSON.stringify(user),
    }
    expectError(await authenticate({ telegram_web_app_data: asMiniApp }), 401, 'invalid_credentials')
    // Mini-app fields verified as widget data (same fields, same hash): the key differs.
    const data = miniApp(user)
    expectError(
      await authenticate({ telegram_auth_result: { ...data, id: user.id } }),
      401,
      'invalid_credentials',
    )
  })

  test('error: security property 47 a tampered mini-app user fails (401 invalid_credentials)', async () => {
    const data = miniApp(freshUser())
    const user = JSON.parse(data.user ?? '{}') as Record<string, unknown>
    const tampered = { ...data, user: JSON.stringify({ ...user, id: 1 }) }
    expectError(await authenticate({ telegram_web_app_data: tampered }), 401, 'invalid_credentials')
  })

  test('error: none or both data objects → 400 invalid_data', async () => {
    const user = freshUser()
    expectError(await authenticate({}), 400, 'invalid_data')
    expectError(
      await authenticate({ telegram_auth_result: widget(user), telegram_web_app_data: miniApp(user) }),
      400,
      'invalid_data',
    )
  })

  test('error: malformed data → 400 invalid_data, never 500', async () => {
    for (const body of [
      { telegram_auth_result: 'id=1' },
      { telegram_auth_result: { id: { nested: true }, auth_date: 1, hash: 'a' } },
      { telegram_web_app_data: { auth_date: '1', hash: 'a' } },
      { telegram_web_app_data: { auth_date: '1', hash: 'a', user: 7 } },
      { telegram_auth_result: { ...widget(freshUser()), extra: { deep: 1 } } },
      { telegram_auth_result: widget(freshUser()), mode: 'sometimes' },
    ])
      expectError(await authenticate(body), 400, 'invalid_data')
  })

  test('error: a valid hash over data without a user id → 400 invalid_data', async () => {
    // Signed correctly, but Telegram ids are positive: the user is not one.
    const data = createTelegramInitData({
      botToken: BOT_TOKEN,
      user: { id: 0, first_name: 'Zero' },
      authDate: nowSeconds(),
    }).webAppData
    expectError(await authenticate({ telegram_web_app_data: data }), 400, 'invalid_data')
  })

  test("error: Telegram off, or no bot token → 403 disallowed_login_method 'Login with Telegram not allowed.'", async () => {
    const off = await createAppRecord(t.db, {
      name: 'No Telegram',
      masterKey: t.masterKey,
      settings: { telegram_bot_token: BOT_TOKEN },
    })
    const noToken = await createAppRecord(t.db, {
      name: 'No bot token',
      masterKey: t.masterKey,
      settings: { telegram_auth: true },
    })
    for (const appId of [off.id, noToken.id]) {
      const response = await authenticate({ telegram_auth_result: widget(freshUser()) }, appId)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        error: 'Login with Telegram not allowed.',
        code: 'disallowed_login_method',
      })
    }
  })

  test('error: captcha on and no captcha_token → 400 invalid_captcha, before any Telegram check', async () => {
    const guarded = await createAppRecord(t.db, {
      name: 'Telegram with captcha',
      masterKey: t.masterKey,
      settings: {
        telegram_auth: true,
        telegram_bot_token: BOT_TOKEN,
        captcha_enabled: true,
        captcha_site_key: 't:1x00000000000000000000AA',
        captcha_secret_key: '1x0000000000000000000000000000000AA',
      },
    })
    const response = await authenticate({ telegram_auth_result: widget(freshUser()) }, guarded.id)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: 'Captcha token missing', code: 'invalid_captcha' })
  })

  test('error: the bot token is never in the public app config', async () => {
    const response = await t.request({ method: 'GET', url: `/api/v1/apps/${app.id}`, appId: app.id })
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain(BOT_TOKEN)
    expect(response.json()).not.toHaveProperty('telegram_bot_token')
    expect(response.json()).toMatchObject({
      telegram_auth: true,
      telegram_auth_config: {
        bot_id: '7000000001',
        bot_name: 'foyer_test_bot',
        seamless_auth_enabled: true,
        link_enabled: false,
      },
    })
  })
})

describe('telegram/link and telegram/unlink', () => {
  test('default: links the Telegram account to the signed-in user, then unlinks it', async () => {
    const bearer = await emailSession()
    const user = freshUser()
    const linked = await call('link', { telegram_web_app_data: miniApp(user) }, { bearer })
    expect(linked.statusCode).toBe(200)
    // Both accounts carry the same (fake) instant: their order is not the point.
    expect(linkedAccountTypes(linked)).toEqual(['email', 'telegram'])
    const unlinked = await call('unlink', { telegram_user_id: String(user.id) }, { bearer })
    expect(unlinked.statusCode).toBe(200)
    expect(userSchema.parse(unlinked.json()).linked_accounts.map((account) => account.type)).toEqual([
      'email',
    ])
  })

  test('behavior: unlink takes the id as a number too', async () => {
    const bearer = await emailSession()
    const user = freshUser()
    await call('link', { telegram_auth_result: widget(user) }, { bearer })
    expect((await call('unlink', { telegram_user_id: user.id }, { bearer })).statusCode).toBe(200)
  })

  test('default: telegram/transfer moves the account of another user, re-verifying the signed data', async () => {
    const user = freshUser()
    const owner = authResponseSchema.parse(
      (await authenticate({ telegram_auth_result: widget(user) })).json(),
    )
    const bearer = await emailSession()
    t.advance(1000)
    const conflict = await call('link', { telegram_auth_result: widget(user) }, { bearer })
    expect(conflict.statusCode).toBe(400)
    const data = conflict.json().data
    expect(data).toMatchObject({ subject: String(user.id), account: { displayName: user.username } })
    // A tampered object is refused before the nonce is looked at.
    const tampered = { ...widget(user), first_name: 'Eve' }
    expectError(
      await call('transfer', { nonce: data.nonce, telegram_auth_result: tampered }, { bearer }),
      401,
      'invalid_credentials',
    )
    const moved = await call(
      'transfer',
      { nonce: data.nonce, telegram_auth_result: widget(user) },
      { bearer },
    )
    expect(moved.statusCode, moved.body).toBe(200)
    // The transfer took the payload its link used, once: the nonce is spent.
    expectError(
      await call('transfer', { nonce: data.nonce, telegram_auth_result: widget(user) }, { bearer }),
      401,
      'invalid_credentials',
    )
    expect(linkedAccountTypes(moved)).toEqual(['email', 'telegram'])
    const refresh = await t.request({
      method: 'POST',
      url: '/api/v1/sessions',
      json: { refresh_token: owner.refresh_token },
    })
    expect(refresh.statusCode).toBe(401)
  })

  test('error: an account of another user → 400 account_transfer_required', async () => {
    const user = freshUser()
    await authenticate({ telegram_auth_result: widget(user) })
    t.advance(1000)
    const response = await call(
      'link',
      { telegram_auth_result: widget(user) },
      { bearer: await emailSession() },
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Account transfer required',
      code: 'account_transfer_required',
      data: expect.objectContaining({ nonce: expect.any(String) }),
    })
  })

  test('error: a second Telegram account → 400 cannot_link_more_of_type', async () => {
    const bearer = await emailSession()
    await call('link', { telegram_auth_result: widget(freshUser()) }, { bearer })
    expectError(
      await call('link', { telegram_auth_result: widget(freshUser()) }, { bearer }),
      400,
      'cannot_link_more_of_type',
    )
  })

  test('error: link without a session → 401 missing_or_invalid_token', async () => {
    expectError(
      await call('link', { telegram_auth_result: widget(freshUser()) }),
      401,
      'missing_or_invalid_token',
    )
  })

  test('error: link with tampered, stale or both data → 401 / 400', async () => {
    const bearer = await emailSession()
    const user = freshUser()
    const signed = widget(user)
    expectError(
      await call('link', { telegram_auth_result: { ...signed, id: user.id + 1 } }, { bearer }),
      401,
      'invalid_credentials',
    )
    expectError(
      await call(
        'link',
        { telegram_auth_result: widget(user, nowSeconds() - TELEGRAM_AUTH_MAX_AGE_SECONDS - 1) },
        { bearer },
      ),
      401,
      'invalid_credentials',
    )
    expectError(
      await call('link', { telegram_auth_result: signed, telegram_web_app_data: miniApp(user) }, { bearer }),
      400,
      'invalid_data',
    )
  })

  test("error: link when the app has Telegram off → 403 'Login with Telegram not allowed.'", async () => {
    const bearer = (await t.signIn()).token ?? ''
    const response = await call(
      'link',
      { telegram_auth_result: widget(freshUser()) },
      { bearer, appId: t.demoApp.id },
    )
    expectError(response, 403, 'disallowed_login_method')
  })

  test('error: unlink an account the user does not have → 404 not_found; the only account → 400', async () => {
    const bearer = await emailSession()
    expectError(await call('unlink', { telegram_user_id: '12345' }, { bearer }), 404, 'not_found')
    const auth = authResponseSchema.parse(
      (await authenticate({ telegram_auth_result: widget(freshUser()) })).json(),
    )
    const only = auth.user.linked_accounts[0] as { telegram_user_id: string }
    expectError(
      await call('unlink', { telegram_user_id: only.telegram_user_id }, { bearer: auth.token ?? '' }),
      400,
      'cannot_unlink_sole_account',
    )
  })

  test('error: unlink with a malformed id → 400 invalid_data; without a session → 401', async () => {
    const bearer = await emailSession()
    for (const id of ['abc', '', -1, 1.5, null])
      expectError(await call('unlink', { telegram_user_id: id }, { bearer }), 400, 'invalid_data')
    expectError(await call('unlink', { telegram_user_id: '1' }), 401, 'missing_or_invalid_token')
  })
})

describe('telegram rate limits', () => {
  test('error: over the per-account limit → 429 too_many_requests mentioning the rate limit', async () => {
    const limited = await createTestContext({
      rateLimits: { telegramPerAccount: { max: 2, timeWindowMs: 60_000 } },
    })
    try {
      const record = await createAppRecord(limited.db, {
        name: 'Limited',
        masterKey: limited.masterKey,
        settings: { telegram_auth: true, telegram_bot_token: BOT_TOKEN },
      })
      const user = freshUser()
      // A fresh payload each time (a payload is single use) of `from`, signed `age` seconds ago.
      const send = (age: number, from = user) =>
        limited.request({
          method: 'POST',
          url: '/api/v1/telegram/authenticate',
          appId: record.id,
          json: {
            telegram_auth_result: signTelegramLogin({
              botToken: BOT_TOKEN,
              user: from,
              authDate: Math.floor(limited.now() / 1000) - age,
            }),
          },
        })
      expect((await send(0)).statusCode).toBe(200)
      expect((await send(1)).statusCode).toBe(200)
      const third = await send(2)
      expect(third.statusCode).toBe(429)
      expect(third.json()).toMatchObject({ code: 'too_many_requests' })
      expect((third.json() as { error: string }).error).toMatch(/rate limit/i)
      expect(third.headers['retry-after']).toBeDefined()
      // Another Telegram account is not limited by this one.
      expect((await send(0, freshUser())).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('GET /js/telegram-login.js', () => {
  function loader(context = t) {
    return context.request({ method: 'GET', url: '/js/telegram-login.js', appId: null })
  }

  test('default: a cacheable JavaScript loader of Telegram’s widget script that any origin may load', async () => {
    const response = await loader()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(response.headers['cache-control']).toBe('public, max-age=3600')
    // Loaded by <script> from the app's pages: not held to the server's own origin, never sniffed.
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.body).toContain(`script.src = ${JSON.stringify(TELEGRAM_WIDGET_SCRIPT_URL)};`)
    expect(() => new Function(response.body)).not.toThrow()
  })

  test('behavior: it loads the configured widget script, carrying its element’s data-* attributes and nonce', async () => {
    const configured = await createTestContext({
      methods: [telegram({ widgetScriptUrl: 'http://127.0.0.1:9/js/telegram-widget.js?"x' })],
    })
    try {
      const response = await loader(configured)
      expect(response.statusCode).toBe(200)
      // Run it against a minimal DOM: the loader element with its attributes, inside a parent.
      const inserted: Array<{
        src: string
        async: boolean
        nonce: string
        attributes: Record<string, string>
      }> = []
      const makeScript = () => {
        const element = { src: '', async: false, nonce: '', attributes: {} as Record<string, string> }
        return Object.assign(element, {
          setAttribute: (name: string, value: string) => {
            element.attributes[name] = value
          },
        })
      }
      const parent = {
        insertBefore: (node: ReturnType<typeof makeScript>, before: unknown) => {
          expect(before).toBe('next-sibling')
          inserted.push(node)
        },
      }
      const currentScript = {
        nonce: 'n0nce',
        parentNode: parent,
        nextSibling: 'next-sibling',
        attributes: [
          { name: 'src', value: 'http://api.example/js/telegram-login.js' },
          { name: 'data-telegram-login', value: 'foyer_bot' },
          { name: 'data-request-access', value: 'write' },
        ],
      }
      new Function('document', response.body)({ currentScript, createElement: makeScript, head: null })
      expect(inserted).toHaveLength(1)
      expect(inserted[0]).toMatchObject({
        src: 'http://127.0.0.1:9/js/telegram-widget.js?"x',
        async: true,
        nonce: 'n0nce',
        attributes: { 'data-telegram-login': 'foyer_bot', 'data-request-access': 'write' },
      })
    } finally {
      await configured.close()
    }
  })

  test('error: a widget script URL that is not http(s) is refused at start-up', async () => {
    for (const widgetScriptUrl of ['javascript:alert(1)', '/js/telegram-widget.js', 'data:text/javascript,1'])
      expect(() => resolveTelegramOptions({ widgetScriptUrl })).toThrow(
        'telegram.widgetScriptUrl must be an absolute http(s) URL',
      )
  })
})
