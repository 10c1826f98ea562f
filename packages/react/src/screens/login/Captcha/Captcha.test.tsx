import { loginAsGuest } from '@foyer/core'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  appConfigRoute,
  createTestClient,
  type TestCall,
  type TestRoutes,
  testAuthResponse,
  testUser,
} from '../../../../test/createTestClient'
import { createFakeTurnstile } from '../../../../test/fakeTurnstile'
import { testPasskeyAssertion } from '../../../../test/passkeyAssertion'
import { passResendCooldown, renderFoyerAndOpen } from '../../../../test/renderFoyer'
import { renderInProvider, signInWithTestCode } from '../../../../test/renderInProvider'
import { useLinkEmail } from '../../../hooks/useLinkEmail'

// The browser's WebAuthn prompt is outside the machine: `@simplewebauthn/browser` is replaced by a stub.
const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}))
vi.mock('@simplewebauthn/browser', () => webauthn)

const authAnswer = { status: 200, body: testAuthResponse() }

/** The in-test server of an app with captcha on (or off), email, SMS and passkeys. */
const captchaRoutes = (overrides: TestRoutes = {}, captcha_enabled = true): TestRoutes => ({
  ...appConfigRoute({
    sms_auth: true,
    passkey_auth: true,
    captcha_enabled,
    captcha_site_key: 't:1x00000000000000000000AA',
  }),
  'POST /api/v1/passwordless_sms/init': () => ({ status: 200, body: { success: true } }),
  'POST /api/v1/passkeys/authenticate/init': () => ({
    status: 200,
    body: { relying_party: 'localhost', options: { challenge: 'Y2hhbGxlbmdl' } },
  }),
  'POST /api/v1/passkeys/authenticate': () => authAnswer,
  ...overrides,
})

/** A host page with a 'Link email' button (a signed-in user's link flow). */
function LinkEmailHost() {
  const { openLinkEmail } = useLinkEmail()
  return (
    <button type="button" onClick={() => void openLinkEmail().catch(() => {})}>
      Host link email
    </button>
  )
}

let fake = createFakeTurnstile()

beforeEach(() => {
  fake = createFakeTurnstile()
  vi.stubGlobal('turnstile', fake.turnstile)
  vi.stubGlobal('PublicKeyCredential', class {})
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
  vi.restoreAllMocks()
})

const emailInput = () => screen.getByRole('textbox', { name: 'Email address' })
const initBodies = (calls: TestCall[], path = '/api/v1/passwordless/init') =>
  calls.filter((call) => call.path === path).map((call) => call.body)
const checking = () => screen.findByRole('heading', { name: 'Checking that you are a human...' })

/** axe on the dialog; rules that need real layout or rendering are off in happy-dom. */
async function axeViolations() {
  const result = await axe.run(screen.getByRole('dialog'), {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  })
  return result.violations.map((violation) => violation.id)
}

describe('Captcha', () => {
  test('default: email submit shows the captcha screen, then sends the code with the token', async () => {
    fake.setMode('manual')
    let release: () => void = () => {}
    const { user, calls } = await renderFoyerAndOpen({
      routes: captchaRoutes({
        'POST /api/v1/passwordless/init': () =>
          new Promise((resolve) => {
            release = () => resolve({ status: 200, body: { success: true } })
          }),
      }),
    })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    const heading = await checking()
    expect(heading.closest('[aria-live="polite"]')).not.toBeNull()
    expect(initBodies(calls)).toEqual([])
    await waitFor(() => expect(fake.turnstile.execute).toHaveBeenCalledTimes(1))
    expect(fake.turnstile.render.mock.calls[0]?.[1]).toMatchObject({
      sitekey: '1x00000000000000000000AA',
      appearance: 'interaction-only',
    })
    act(() => fake.pass())
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    await waitFor(() => expect(initBodies(calls)).toEqual([{ email: 'ada@example.com', token: 'token-1' }]))
    release()
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    // Back returns to the landing (the captcha screen is not in the history), keeping the address.
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(((await screen.findByRole('textbox', { name: 'Email address' })) as HTMLInputElement).value).toBe(
      'ada@example.com',
    )
  })

  test('behavior: under StrictMode (effects run twice) the widget survives and the code is sent', async () => {
    const { user, calls } = await renderFoyerAndOpen({ routes: captchaRoutes(), strict: true })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    expect(initBodies(calls)).toEqual([{ email: 'ada@example.com', token: 'token-1' }])
  })

  test('behavior: captcha off, no captcha screen and no token', async () => {
    const { user, calls } = await renderFoyerAndOpen({ routes: captchaRoutes({}, false) })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    expect(screen.queryByText('Checking that you are a human...')).toBeNull()
    expect(initBodies(calls)).toEqual([{ email: 'ada@example.com' }])
    expect(fake.turnstile.render).not.toHaveBeenCalled()
  })

  test('behavior: an SMS code send and a passkey login take a token too', async () => {
    webauthn.startAuthentication.mockResolvedValue(testPasskeyAssertion)
    const { user, calls } = await renderFoyerAndOpen({ routes: captchaRoutes() })
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '4155550100{Enter}')
    expect(
      await screen.findByRole('heading', { name: 'Enter confirmation code' }, { timeout: 5000 }),
    ).toBeTruthy()
    expect(initBodies(calls, '/api/v1/passwordless_sms/init')).toEqual([
      { phoneNumber: '+14155550100', token: 'token-1' },
    ])
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await user.click(await screen.findByRole('button', { name: 'I have a passkey' }))
    await checking()
    expect(await screen.findByText('Success!', {}, { timeout: 5000 })).toBeTruthy()
    await waitFor(() =>
      expect(initBodies(calls, '/api/v1/passkeys/authenticate/init')).toEqual([{ token: 'token-2' }]),
    )
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/v1/passkeys/authenticate')).toBe(true),
    )
  })

  test("behavior: a passkey login's 'Try again' takes a fresh token (a token is used once)", async () => {
    webauthn.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    )
    webauthn.startAuthentication.mockResolvedValue(testPasskeyAssertion)
    const { user, calls } = await renderFoyerAndOpen({ routes: captchaRoutes() })
    await user.click(screen.getByRole('button', { name: 'I have a passkey' }))
    await user.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 }))
    await checking()
    expect(await screen.findByText('Success!', {}, { timeout: 5000 })).toBeTruthy()
    await waitFor(() =>
      expect(initBodies(calls, '/api/v1/passkeys/authenticate/init')).toEqual([
        { token: 'token-1' },
        { token: 'token-2' },
      ]),
    )
  })

  test("error: a widget error shows 'Something went wrong' after 3 retries; Retry runs it again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fake.setMode('fail')
    const { user, calls } = await renderFoyerAndOpen({ routes: captchaRoutes() })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    await checking()
    await act(() => vi.advanceTimersByTimeAsync(500 + 1000 + 2000 + 4000 + 200))
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    expect(screen.getByText('You did not pass CAPTCHA. Please try again.')).toBeTruthy()
    expect(fake.turnstile.execute).toHaveBeenCalledTimes(4)
    const retry = screen.getByRole('button', { name: 'Retry' })
    expect(document.activeElement).toBe(retry)
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy()
    expect(initBodies(calls)).toEqual([])
    fake.setMode('pass')
    await user.keyboard('{Enter}')
    await act(() => vi.advanceTimersByTimeAsync(700))
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    expect(initBodies(calls)).toEqual([{ email: 'ada@example.com', token: 'token-1' }])
  })

  test("error: no answer within 20 s shows 'Something went wrong! Please try again later.'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fake.setMode('manual')
    const { user } = await renderFoyerAndOpen({ routes: captchaRoutes() })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    await checking()
    await act(() => vi.advanceTimersByTimeAsync(19_000))
    expect(screen.queryByText('Something went wrong! Please try again later.')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(await screen.findByText('Something went wrong! Please try again later.')).toBeTruthy()
  })

  test('behavior: Continue goes back to the landing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fake.setMode('fail')
    const { user } = await renderFoyerAndOpen({ routes: captchaRoutes() })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    await checking()
    await act(() => vi.advanceTimersByTimeAsync(8000))
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'Log in or sign up' })).toBeTruthy()
    // The landing keeps the address that was typed.
    expect((emailInput() as HTMLInputElement).value).toBe('ada@example.com')
  })

  test("error: the server's invalid_captcha shows 'Please try again.'; Try again runs a fresh captcha", async () => {
    let answers = 0
    const { user, calls } = await renderFoyerAndOpen({
      routes: captchaRoutes({
        'POST /api/v1/passwordless/init': () =>
          ++answers === 1
            ? { status: 400, body: { error: 'Captcha verification failed', code: 'invalid_captcha' } }
            : { status: 200, body: { success: true } },
      }),
    })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5000 }),
    ).toBeTruthy()
    expect(screen.getByText('Please try again.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('heading', { name: 'Enter confirmation code' }, { timeout: 5000 }),
    ).toBeTruthy()
    expect(initBodies(calls)).toEqual([
      { email: 'ada@example.com', token: 'token-1' },
      { email: 'ada@example.com', token: 'token-2' },
    ])
  })

  test('behavior: an interactive challenge shows its checkbox in the screen and works from the keyboard', async () => {
    fake.setMode('interactive')
    const { user, calls } = await renderFoyerAndOpen({ routes: captchaRoutes() })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    await checking()
    const box = await screen.findByRole('checkbox', { name: 'Verify you are human' }, { timeout: 5000 })
    expect(within(screen.getByRole('dialog')).getByRole('checkbox')).toBe(box)
    box.focus()
    await user.keyboard(' ')
    expect(
      await screen.findByRole('heading', { name: 'Enter confirmation code' }, { timeout: 5000 }),
    ).toBeTruthy()
    expect(initBodies(calls)).toEqual([{ email: 'ada@example.com', token: 'token-1' }])
  })

  test('behavior: Resend code takes a fresh token', async () => {
    const { user, calls } = await renderFoyerAndOpen({ routes: captchaRoutes() })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    await screen.findByRole('heading', { name: 'Enter confirmation code' }, { timeout: 5000 })
    await user.click(await passResendCooldown())
    expect(await screen.findByText('Code sent', {}, { timeout: 5000 })).toBeTruthy()
    expect(initBodies(calls)).toEqual([
      { email: 'ada@example.com', token: 'token-1' },
      { email: 'ada@example.com', token: 'token-2' },
    ])
  })

  test('behavior: config.captcha.scriptUrl is the script loaded; a failed load shows the error state and the adblocker hint', async () => {
    vi.stubGlobal('turnstile', undefined)
    const scriptUrl = 'http://127.0.0.1:8790/turnstile/v0/api.js?render=explicit'
    const { user } = await renderFoyerAndOpen({ routes: captchaRoutes(), config: { captcha: { scriptUrl } } })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5000 }),
    ).toBeTruthy()
    // A script that does not load is what an adblocker or VPN does.
    expect(screen.getByText('If you use an adblocker or VPN, try disabling and re-attempting.')).toBeTruthy()
    expect(document.querySelector('script[data-foyer-turnstile]')?.getAttribute('src')).toBe(scriptUrl)
    document.querySelector('script[data-foyer-turnstile]')?.remove()
  })

  test('behavior: a guest linking an email passes a captcha first (the server asks guests too)', async () => {
    const guestAnswer = { ...authAnswer, body: { ...authAnswer.body, user: { ...testUser, is_guest: true } } }
    const { client, calls } = createTestClient(
      captchaRoutes({ 'POST /api/v1/guest/authenticate': () => guestAnswer }),
    )
    const { user } = await renderInProvider(client, <LinkEmailHost />)
    await act(() => loginAsGuest(client))
    expect(client.getState().user?.is_guest).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Host link email' }))
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'ada@example.org{Enter}')
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    expect(initBodies(calls)).toEqual([{ email: 'ada@example.org', token: 'token-1' }])
  })

  test('behavior: a signed-in user linking an email skips the captcha', async () => {
    const { client, calls } = createTestClient(
      captchaRoutes({ 'POST /api/v1/passwordless/authenticate': () => authAnswer }),
    )
    const { user } = await renderInProvider(client, <LinkEmailHost />)
    await signInWithTestCode(client)
    await user.click(screen.getByRole('button', { name: 'Host link email' }))
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'ada@example.org{Enter}')
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    expect(screen.queryByText('Checking that you are a human...')).toBeNull()
    expect(initBodies(calls)).toEqual([{ email: 'ada@example.org' }])
    expect(fake.turnstile.render).not.toHaveBeenCalled()
  })

  test('accessibility: no axe violations while checking and on error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fake.setMode('fail')
    const { user } = await renderFoyerAndOpen({ routes: captchaRoutes() })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    await checking()
    expect(screen.getByRole('dialog', { name: 'Checking that you are a human...' })).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    await act(() => vi.advanceTimersByTimeAsync(8000))
    await screen.findByRole('button', { name: 'Retry' })
    expect(await axeViolations()).toEqual([])
  })
})
