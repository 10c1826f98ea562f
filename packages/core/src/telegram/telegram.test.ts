import { describe, expect, test } from 'vitest'
import {
  apiError,
  createTestApi,
  createTestClient,
  json,
  testAppId,
  testUser,
} from '../../test/createTestApi'
import { getTelegramWebAppData } from '../actions/telegram/getTelegramWebAppData'
import { handleTelegramReturn } from '../actions/telegram/handleTelegramReturn'
import { linkTelegram } from '../actions/telegram/linkTelegram'
import { loginWithTelegram } from '../actions/telegram/loginWithTelegram'
import { unlinkTelegram } from '../actions/telegram/unlinkTelegram'
import { ApiError } from '../errors/ApiError'
import { TelegramRateLimitError } from '../errors/TelegramRateLimitError'
import { createMemoryStorage } from '../storage/createMemoryStorage'
import { parseTelegramReturn, withoutTelegramReturn } from './readTelegramReturn'

const authResult = { id: 42, first_name: 'Ada', auth_date: 1_900_000_000, hash: 'a'.repeat(64) }
const webAppData = { auth_date: '1900000000', hash: 'b'.repeat(64), user: '{"id":42,"first_name":"Ada"}' }

function setup() {
  const api = createTestApi()
  api.on('POST /api/v1/telegram/authenticate', async () => json(await api.issue({ is_new_user: true })))
  const storage = createMemoryStorage()
  const client = createTestClient(api, { storage })
  return { api, client, storage }
}

describe('loginWithTelegram', () => {
  test('default: sends the widget result with mode, sets the user and records telegram as recent', async () => {
    const { api, client, storage } = setup()
    const result = await loginWithTelegram(client, { authResult, captchaToken: 'captcha-1' })
    expect(result).toEqual({ user: testUser, isNewUser: true })
    expect(api.calls[0]?.body).toEqual({
      telegram_auth_result: authResult,
      captcha_token: 'captcha-1',
      mode: 'login-or-sign-up',
    })
    expect(client.getState().user).toEqual(testUser)
    expect(await storage.get(`foyer:${testAppId}:recent_login_method`)).toBe('telegram')
  })

  test('behavior: mini-app data goes as telegram_web_app_data; disableSignup sends no-signup', async () => {
    const { api, client } = setup()
    await loginWithTelegram(client, { webAppData, disableSignup: true })
    expect(api.calls[0]?.body).toEqual({ telegram_web_app_data: webAppData, mode: 'no-signup' })
  })

  test('error: a 429 that mentions a rate limit becomes TelegramRateLimitError; other 429s stay', async () => {
    const { api, client } = setup()
    api.on('POST /api/v1/telegram/authenticate', () =>
      apiError(429, 'too_many_requests', 'Telegram rate limit reached for this account'),
    )
    const limited = await loginWithTelegram(client, { authResult }).catch((error: unknown) => error)
    expect(limited).toBeInstanceOf(TelegramRateLimitError)
    expect((limited as TelegramRateLimitError).code).toBe('telegram_rate_limited')
    api.on('POST /api/v1/telegram/authenticate', () =>
      apiError(429, 'too_many_requests', 'Too many requests'),
    )
    const other = await loginWithTelegram(client, { webAppData }).catch((error: unknown) => error)
    expect(other).toBeInstanceOf(ApiError)
    expect((other as ApiError).code).toBe('too_many_requests')
  })
})

describe('linkTelegram and unlinkTelegram', () => {
  test('default: link sends the proof with the session, unlink the telegram_user_id', async () => {
    const { api, client } = setup()
    await loginWithTelegram(client, { authResult })
    api.on('POST /api/v1/telegram/link', () => json(testUser))
    api.on('POST /api/v1/telegram/unlink', () => json(testUser))
    await linkTelegram(client, { webAppData })
    const link = api.callsTo('POST /api/v1/telegram/link')[0]
    expect(link?.body).toEqual({ telegram_web_app_data: webAppData })
    expect(link?.headers.get('authorization')).toMatch(/^Bearer /)
    await unlinkTelegram(client, { telegramUserId: '42' })
    expect(api.callsTo('POST /api/v1/telegram/unlink')[0]?.body).toEqual({ telegram_user_id: '42' })
  })
})

describe('Telegram return and mini-app data', () => {
  test('default: the redirect parameters are read as strings and removed, the rest kept', () => {
    let href = 'https://app.example/p?x=1&id=42&first_name=Ada&username=ada&auth_date=1900000000&hash=abc#top'
    const win = {
      location: {
        get href() {
          return href
        },
      },
      history: {
        state: null,
        replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => {
          href = String(url)
        },
      },
    }
    expect(handleTelegramReturn(win)).toEqual({
      id: '42',
      first_name: 'Ada',
      username: 'ada',
      auth_date: '1900000000',
      hash: 'abc',
    })
    expect(href).toBe('https://app.example/p?x=1#top')
    expect(handleTelegramReturn(win)).toBeNull()
  })

  test('default: the #tgAuthResult fragment (base64url JSON) is read and removed', () => {
    const encoded = btoa(JSON.stringify(authResult))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
    const href = `https://app.example/?a=1#tgAuthResult=${encoded}`
    expect(parseTelegramReturn(href)).toEqual(authResult)
    expect(withoutTelegramReturn(href)).toBe('https://app.example/?a=1')
  })

  test('error: an incomplete return (no hash, no auth_date) or a broken fragment is no return', () => {
    expect(parseTelegramReturn('https://app.example/?id=42&auth_date=1')).toBeNull()
    expect(parseTelegramReturn('https://app.example/?id=42&hash=abc')).toBeNull()
    expect(parseTelegramReturn('https://app.example/#tgAuthResult=%%%')).toBeNull()
  })

  test('default: mini-app initData is split into strings; the URL fragment is the fallback', () => {
    const initData = new URLSearchParams(webAppData).toString()
    expect(getTelegramWebAppData({ Telegram: { WebApp: { initData } } })).toEqual(webAppData)
    const hash = `#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=7.0`
    expect(getTelegramWebAppData({ location: { hash } })).toEqual(webAppData)
    expect(getTelegramWebAppData({ Telegram: { WebApp: { initData: '' } } })).toBeNull()
    expect(getTelegramWebAppData({ Telegram: { WebApp: { initData: 'user=%7B%7D' } } })).toBeNull()
  })
})
