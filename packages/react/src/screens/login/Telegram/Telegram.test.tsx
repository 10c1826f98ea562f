import type { LoadTelegramWidgetParameters } from '@foyer/core/telegram'
import type { AppConfig, TelegramAuthResult } from '@foyer/protocol'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  appConfigRoute,
  createTestClient,
  type TestAnswer,
  type TestRoutes,
  testAuthResponse,
  testUser,
} from '../../../../test/createTestClient'
import {
  LinkUnlinkButtons,
  linkThenUnlinkRoutes,
  renderSignedInHost,
  unlinkOnceClosed,
} from '../../../../test/linkHost'
import { renderFoyerAndOpen } from '../../../../test/renderFoyer'
import { renderHost } from '../../../../test/renderHost'
import { useLinkTelegram } from '../../../hooks/useLinkTelegram'

/**
 * Telegram's widget script is outside the machine: this stands in for `loadTelegramWidget`, rendering a
 * 'Log in with Telegram' button whose click hands `widgetResult` to `onAuth` (or fails to load).
 */
const widget = vi.hoisted(() => ({
  calls: [] as LoadTelegramWidgetParameters[],
  fail: false,
  result: { id: 42, first_name: 'Ada', auth_date: 1_900_000_000, hash: 'a'.repeat(64) } as TelegramAuthResult,
}))
vi.mock('@foyer/core/telegram', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@foyer/core/telegram')>()
  return {
    ...actual,
    loadTelegramWidget: (parameters: LoadTelegramWidgetParameters) => {
      widget.calls.push(parameters)
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'Log in with Telegram'
      button.onclick = () => parameters.onAuth?.(widget.result)
      parameters.container.append(button)
      return {
        loaded: widget.fail ? Promise.reject(new actual.TelegramWidgetError()) : Promise.resolve(),
        remove: () => parameters.container.replaceChildren(),
      }
    },
  }
})

const telegramConfig: Partial<AppConfig> = {
  telegram_auth: true,
  telegram_auth_config: {
    bot_id: '1',
    bot_name: 'foyer_test_bot',
    link_enabled: true,
    seamless_auth_enabled: true,
  },
}
const routes = (authenticate?: () => TestAnswer, settings: Partial<AppConfig> = {}): TestRoutes => ({
  ...appConfigRoute({ ...telegramConfig, ...settings }),
  'POST /api/v1/telegram/authenticate': authenticate ?? (() => ({ status: 200, body: testAuthResponse() })),
})
const failWith =
  (status: number, code: string, error = 'Failed') =>
  () => ({ status, body: { error, code } })

beforeEach(() => {
  widget.calls = []
  widget.fail = false
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
  delete (window as { Telegram?: unknown }).Telegram
})

async function openTelegram(options: Parameters<typeof renderFoyerAndOpen>[0] = {}) {
  const rendered = await renderFoyerAndOpen(options)
  await rendered.user.click(screen.getByRole('button', { name: 'Continue with Telegram' }))
  await screen.findByRole('heading', { name: 'Continue with Telegram' })
  return rendered
}

describe('landing Telegram entry', () => {
  test("default: 'Continue with Telegram' with Telegram's icon when the app has Telegram and a bot", async () => {
    await renderFoyerAndOpen({ routes: routes() })
    const entry = screen.getByRole('button', { name: 'Continue with Telegram' })
    expect(entry.querySelector('svg[data-icon="telegram"]')?.getAttribute('aria-hidden')).toBe('true')
  })

  test('behavior: no entry without a configured bot, or with Telegram off', async () => {
    await renderFoyerAndOpen({
      routes: routes(undefined, {
        // An app whose bot is not configured answers no telegram_auth_config (docs/app-config.md#telegram).
        telegram_auth_config: undefined as never,
      }),
    })
    expect(screen.queryByRole('button', { name: 'Continue with Telegram' })).toBeNull()
    cleanup()
    await renderFoyerAndOpen({ routes: routes(undefined, { telegram_auth: false }) })
    expect(screen.queryByRole('button', { name: 'Continue with Telegram' })).toBeNull()
  })
})

describe('Telegram screen', () => {
  test('default: loads the widget for the bot, waits, signs in with its result and closes', async () => {
    const { user, calls, client } = await openTelegram({
      routes: routes(),
      config: { telegram: { widgetScriptUrl: 'http://stand-in.test/js/telegram-widget.js' } },
    })
    expect(widget.calls[0]).toMatchObject({
      botName: 'foyer_test_bot',
      scriptUrl: 'http://stand-in.test/js/telegram-widget.js',
    })
    expect(await screen.findByText('Confirm the login in the Telegram window.')).toBeTruthy()
    const waiting = await axe.run(screen.getByRole('dialog'), {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    })
    expect(waiting.violations.map((violation) => violation.id)).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Log in with Telegram' }))
    expect(await screen.findByText('Success!')).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/telegram/authenticate')?.body).toEqual({
      telegram_auth_result: widget.result,
      mode: 'login-or-sign-up',
    })
    expect(client.getState().user).toEqual(testUser)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })
  })

  test("behavior: back from Telegram's window without a result, the login shows as not confirmed, with another method offered", async () => {
    const { user } = await openTelegram({ routes: routes() })
    await screen.findByText('Confirm the login in the Telegram window.')
    // The title is not the widget button's text.
    expect(screen.getAllByText('Log in with Telegram')).toHaveLength(1)
    // The user goes to Telegram's window and comes back, declining there: the widget says nothing.
    window.dispatchEvent(new Event('blur'))
    window.dispatchEvent(new Event('focus'))
    expect(
      await screen.findByText(
        'The login was not confirmed in Telegram. Use the button to try again, or choose another method.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Log in with Telegram' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try another method' }))
    expect(await screen.findByRole('heading', { name: 'Log in or sign up' })).toBeTruthy()
  })

  test('behavior: config.telegram.disableSignup sends mode no-signup; user_does_not_exist → account not found', async () => {
    const { user, calls } = await openTelegram({
      routes: routes(failWith(404, 'user_does_not_exist')),
      config: { telegram: { disableSignup: true } },
    })
    await user.click(await screen.findByRole('button', { name: 'Log in with Telegram' }))
    expect(await screen.findByText(/Please try logging in again/)).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/telegram/authenticate')?.body).toMatchObject({
      mode: 'no-signup',
    })
  })

  const inline: Array<[string, () => TestAnswer, string, boolean]> = [
    ['invalid_credentials', failWith(401, 'invalid_credentials'), 'Something went wrong. Try again.', true],
    ['invalid_data', failWith(400, 'invalid_data'), 'Something went wrong. Try again.', true],
    ['invalid_captcha', failWith(400, 'invalid_captcha'), 'Something went wrong. Try again.', true],
    [
      'cannot_link_more_of_type',
      failWith(400, 'cannot_link_more_of_type'),
      'Something went wrong. Try again.',
      true,
    ],
    [
      'disallowed_login_method',
      failWith(403, 'disallowed_login_method'),
      'Login with Telegram not allowed.',
      false,
    ],
    [
      'linked_to_another_user',
      failWith(400, 'linked_to_another_user'),
      'This account has already been linked to another user.',
      false,
    ],
    [
      'too_many_requests',
      failWith(429, 'too_many_requests', 'Too many requests'),
      'Too many requests. Please wait before trying again.',
      true,
    ],
    [
      'too_many_requests mentioning a rate limit',
      failWith(429, 'too_many_requests', 'Telegram rate limit reached for this account'),
      'Request limit reached for Telegram. Please wait a moment and try again.',
      true,
    ],
    // A code with no text of its own (a 409 would be retried first: docs/api.md#retries).
    ['anything else', failWith(400, 'resource_conflict'), 'Authentication failed', true],
  ]
  for (const [name, answer, text, retry] of inline)
    test(`error: ${name} → '${text}'${retry ? ' with Retry' : ''}`, async () => {
      const { user } = await openTelegram({ routes: routes(answer) })
      await user.click(await screen.findByRole('button', { name: 'Log in with Telegram' }))
      expect((await screen.findByRole('alert')).textContent).toBe(text)
      expect(screen.queryByRole('button', { name: 'Retry' }) !== null).toBe(retry)
    })

  test('error: max_accounts_reached → the user limit screen; allowlist_rejected → the access-denied screen', async () => {
    const { user } = await openTelegram({ routes: routes(failWith(403, 'max_accounts_reached')) })
    await user.click(await screen.findByRole('button', { name: 'Log in with Telegram' }))
    expect(await screen.findByRole('heading', { name: 'Unable to sign in' })).toBeTruthy()
    cleanup()
    const again = await openTelegram({ routes: routes(failWith(403, 'allowlist_rejected')) })
    await again.user.click(await screen.findByRole('button', { name: 'Log in with Telegram' }))
    expect(await screen.findByRole('heading', { name: "You don't have access to this app" })).toBeTruthy()
  })

  test('behavior: Retry renders the widget again and a second try can succeed', async () => {
    let attempts = 0
    const { user } = await openTelegram({
      routes: routes(() =>
        ++attempts === 1
          ? { status: 401, body: { error: 'Invalid', code: 'invalid_credentials' } }
          : { status: 200, body: testAuthResponse() },
      ),
    })
    await user.click(await screen.findByRole('button', { name: 'Log in with Telegram' }))
    await user.click(await screen.findByRole('button', { name: 'Retry' }))
    await user.click(await screen.findByRole('button', { name: 'Log in with Telegram' }))
    expect(await screen.findByText('Success!')).toBeTruthy()
    expect(widget.calls).toHaveLength(2)
  })

  test("behavior: inside a mini app, 'Continue with Telegram' signs in with its initData, no widget", async () => {
    const initData = 'query_id=q&user=%7B%22id%22%3A42%7D&auth_date=1900000000&hash=abc'
    ;(window as { Telegram?: unknown }).Telegram = { WebApp: { initData } }
    const { calls } = await renderFoyerAndOpen({
      routes: routes(undefined, {
        telegram_auth_config: {
          ...telegramConfig.telegram_auth_config,
          seamless_auth_enabled: false,
        } as never,
      }),
    })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Telegram' }))
    expect(await screen.findByText('Success!')).toBeTruthy()
    expect(widget.calls).toHaveLength(0)
    expect(calls.find((call) => call.path === '/api/v1/telegram/authenticate')?.body).toEqual({
      telegram_web_app_data: { query_id: 'q', user: '{"id":42}', auth_date: '1900000000', hash: 'abc' },
      mode: 'login-or-sign-up',
    })
  })

  test('error: the widget script does not load → a retryable message', async () => {
    widget.fail = true
    await openTelegram({ routes: routes() })
    expect((await screen.findByRole('alert')).textContent).toBe('Telegram could not be reached. Try again.')
  })
})

describe('Telegram at page load', () => {
  test('default: a widget redirect return is read, removed from the URL, and signs in', async () => {
    window.history.replaceState(null, '', '/page?keep=1&id=42&first_name=Ada&auth_date=1900000000&hash=abc')
    const { client, calls } = createTestClient(routes())
    renderHost(client)
    await waitFor(() => expect(client.getState().user).toEqual(testUser))
    expect(window.location.search).toBe('?keep=1')
    expect(calls.find((call) => call.path === '/api/v1/telegram/authenticate')?.body).toEqual({
      telegram_auth_result: { id: '42', first_name: 'Ada', auth_date: '1900000000', hash: 'abc' },
      mode: 'login-or-sign-up',
    })
  })

  test('default: inside a mini app with seamless_auth_enabled, signs in without a click', async () => {
    const initData = 'query_id=q&user=%7B%22id%22%3A42%7D&auth_date=1900000000&hash=abc'
    ;(window as { Telegram?: unknown }).Telegram = { WebApp: { initData } }
    const { client, calls } = createTestClient(routes())
    renderHost(client)
    await waitFor(() => expect(client.getState().user).toEqual(testUser))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.find((call) => call.path === '/api/v1/telegram/authenticate')?.body).toEqual({
      telegram_web_app_data: { query_id: 'q', user: '{"id":42}', auth_date: '1900000000', hash: 'abc' },
      mode: 'login-or-sign-up',
    })
  })

  test('behavior: inside a mini app without seamless_auth_enabled, nothing happens', async () => {
    ;(window as { Telegram?: unknown }).Telegram = { WebApp: { initData: 'user=%7B%7D&hash=abc' } }
    const { client, calls } = createTestClient(
      routes(undefined, {
        telegram_auth_config: {
          ...telegramConfig.telegram_auth_config,
          seamless_auth_enabled: false,
        } as never,
      }),
    )
    renderHost(client)
    await waitFor(() => expect(client.getState().status).toBe('ready'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(calls.some((call) => call.path === '/api/v1/telegram/authenticate')).toBe(false)
  })
})

/** A host page with Link and Unlink buttons for Telegram. */
function LinkHost() {
  const { linkTelegram, unlinkTelegram } = useLinkTelegram()
  return <LinkUnlinkButtons name="Telegram" link={linkTelegram} unlink={() => unlinkTelegram('42')} />
}

describe('useLinkTelegram', () => {
  test('default: links through the Telegram screen, then unlinks', async () => {
    const linked = {
      ...testUser,
      linked_accounts: [
        ...testUser.linked_accounts,
        {
          type: 'telegram' as const,
          telegram_user_id: '42',
          first_name: 'Ada',
          last_name: null,
          username: null,
          photo_url: null,
          verified_at: 1,
          first_verified_at: 1,
          latest_verified_at: 1,
        },
      ],
    }
    const { client, calls } = createTestClient({
      ...routes(),
      'POST /api/v1/telegram/link': () => ({ status: 200, body: linked }),
      'POST /api/v1/telegram/unlink': () => ({ status: 200, body: testUser }),
      ...linkThenUnlinkRoutes(linked),
    })
    const user = await renderSignedInHost(client, <LinkHost />)
    await user.click(screen.getByRole('button', { name: 'Link Telegram' }))
    expect(await screen.findByRole('heading', { name: 'Link Telegram' })).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: 'Log in with Telegram' }))
    expect(await screen.findByText('Your account has been linked.')).toBeTruthy()
    expect(calls.find((call) => call.path === '/api/v1/telegram/link')?.body).toEqual({
      telegram_auth_result: widget.result,
    })
    expect(client.getState().user).toEqual(linked)
    await unlinkOnceClosed(user, client, 'Telegram')
    expect(calls.find((call) => call.path === '/api/v1/telegram/unlink')?.body).toEqual({
      telegram_user_id: '42',
    })
  })
})
