import { createMemoryStorage } from '@foyer/core'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  ALL_OAUTH_SETTINGS,
  appConfigRoute,
  TEST_APP_ID,
  TEST_CODE,
  type TestRoutes,
} from '../../../../test/createTestClient'
import { renderFoyerAndOpen, submitEmail } from '../../../../test/renderFoyer'

afterEach(() => {
  vi.useRealTimers()
  cleanup()
})

const submitButton = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement
const emailInput = () => screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement
const walletButton = () => screen.queryByRole('button', { name: 'Continue with a wallet' })
const passkeyLink = () => screen.queryByRole('button', { name: 'I have a passkey' })
const phoneInput = () => screen.queryByRole('textbox', { name: 'Phone number' })
const recentKey = `foyer:${TEST_APP_ID}:recent_login_method`

/** The in-test server with every landing method on: email, SMS, Ethereum wallets and passkeys. */
const allMethodsRoutes: TestRoutes = appConfigRoute({ sms_auth: true, wallet_auth: true, passkey_auth: true })

describe('Landing', () => {
  test('default', async () => {
    await renderFoyerAndOpen()
    expect(screen.getByRole('heading', { name: 'Log in or sign up' })).toBeTruthy()
    expect(emailInput().type).toBe('email')
    expect(emailInput().placeholder).toBe('your@email.com')
    expect(document.activeElement).toBe(emailInput())
    expect(submitButton().disabled).toBe(true)
    expect(screen.getByText('Protected by Foyer')).toBeTruthy()
  })

  test('behavior: Submit is disabled for an invalid email and enabled for a valid one', async () => {
    const { user } = await renderFoyerAndOpen()
    await user.type(emailInput(), 'ada@example')
    expect(submitButton().disabled).toBe(true)
    await user.type(emailInput(), '.com')
    expect(submitButton().disabled).toBe(false)
    await user.clear(emailInput())
    await user.type(emailInput(), 'not an email')
    expect(submitButton().disabled).toBe(true)
  })

  test('behavior: Enter submits and the code screen follows', async () => {
    const { user, calls } = await renderFoyerAndOpen()
    await submitEmail(user, ' ada@example.com ')
    expect(calls.filter((call) => call.path === '/api/v1/passwordless/init')).toEqual([
      { method: 'POST', path: '/api/v1/passwordless/init', body: { email: 'ada@example.com' } },
    ])
    expect(screen.getByText(/ada@example\.com/)).toBeTruthy()
  })

  test('behavior: Enter does nothing while the email is invalid', async () => {
    const { user, calls } = await renderFoyerAndOpen()
    await user.type(emailInput(), 'ada@{Enter}')
    expect(calls.some((call) => call.path === '/api/v1/passwordless/init')).toBe(false)
  })

  test('behavior: the button is busy while the code is sent', async () => {
    let release: () => void = () => {}
    const { user } = await renderFoyerAndOpen({
      routes: {
        'POST /api/v1/passwordless/init': () =>
          new Promise((resolve) => {
            release = () => resolve({ status: 200, body: { success: true } })
          }),
      },
    })
    await user.type(emailInput(), 'ada@example.com')
    await user.click(submitButton())
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBe('true'))
    release()
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' })
  })

  test('behavior: appearance sets the header, message and a safe logo', async () => {
    await renderFoyerAndOpen({
      config: {
        appearance: {
          landingHeader: 'Welcome to Acme',
          loginMessage: 'Sign in to continue',
          logo: 'https://acme.test/logo.png',
        },
      },
    })
    expect(screen.getByRole('heading', { name: 'Welcome to Acme' })).toBeTruthy()
    expect(screen.getByText('Sign in to continue')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Test App logo' }).getAttribute('src')).toBe(
      'https://acme.test/logo.png',
    )
  })

  test('behavior: an unsafe logo URL is not shown', async () => {
    await renderFoyerAndOpen({ config: { appearance: { logo: 'javascript:alert(1)' } } })
    expect(screen.queryByRole('img')).toBeNull()
  })

  test('behavior: an <svg> or <img> element logo is drawn as given', async () => {
    await renderFoyerAndOpen({
      config: { appearance: { logo: <svg role="img" aria-label="Acme mark" viewBox="0 0 1 1" /> } },
    })
    expect(screen.getByRole('img', { name: 'Acme mark' }).tagName.toLowerCase()).toBe('svg')
    cleanup()
    await renderFoyerAndOpen({
      config: { appearance: { logo: <img src="https://acme.test/a.png" alt="Acme" /> } },
    })
    expect(screen.getByRole('img', { name: 'Acme' }).getAttribute('src')).toBe('https://acme.test/a.png')
  })

  test('error: any other logo (a number, a <div>) logs a warning and shows nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const notALogo = <div role="img" aria-label="not a logo" />
    await renderFoyerAndOpen({ config: { appearance: { logo: notALogo } } })
    expect(screen.queryByRole('img')).toBeNull()
    cleanup()
    await renderFoyerAndOpen({ config: { appearance: { logo: 42 as unknown as string } } })
    expect(screen.queryByRole('img')).toBeNull()
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'Foyer: appearance.logo must be a URL string or an <svg> or <img> element; no logo is shown.',
      'Foyer: appearance.logo must be a URL string or an <svg> or <img> element; no logo is shown.',
    ])
    warn.mockRestore()
  })

  test('error: a disallowed plus email shows an inline error that clears on edit', async () => {
    const { user } = await renderFoyerAndOpen({ appConfig: { disable_plus_emails: true } })
    await user.type(emailInput(), 'ada+1@example.com{Enter}')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe("Please enter a valid email address without a '+'.")
    expect(emailInput().getAttribute('aria-invalid')).toBe('true')
    await user.type(emailInput(), 'x')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('error: other failures go to the error screen, whose button goes back', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: {
        'POST /api/v1/passwordless/init': () => ({
          status: 429,
          body: { error: 'Too many requests', code: 'too_many_requests' },
        }),
      },
    })
    await user.type(emailInput(), 'ada@example.com{Enter}')
    expect(await screen.findByRole('button', { name: 'Try again later' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Request failed' })).toBeTruthy()
    expect(screen.getByText('Too many attempts.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again later' }))
    expect(await screen.findByRole('heading', { name: 'Log in or sign up' })).toBeTruthy()
  })

  test('behavior: loginMethods unset shows every method the app has on', async () => {
    await renderFoyerAndOpen({ routes: allMethodsRoutes })
    expect(emailInput()).toBeTruthy()
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toBeTruthy()
    expect(walletButton()).toBeTruthy()
    expect(passkeyLink()).toBeTruthy()
  })

  test("behavior: loginMethods ['email'] hides the phone form, wallet button and passkey link the app has on", async () => {
    await renderFoyerAndOpen({ routes: allMethodsRoutes, config: { loginMethods: ['email'] } })
    expect(emailInput()).toBeTruthy()
    expect(walletButton()).toBeNull()
    expect(passkeyLink()).toBeNull()
    expect(phoneInput()).toBeNull()
  })

  test("behavior: loginMethods ['wallet', 'passkey'] shows only those", async () => {
    await renderFoyerAndOpen({ routes: allMethodsRoutes, config: { loginMethods: ['wallet', 'passkey'] } })
    expect(walletButton()).toBeTruthy()
    expect(passkeyLink()).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Email address' })).toBeNull()
    expect(phoneInput()).toBeNull()
  })

  test('behavior: loginMethods cannot show a method the app has off', async () => {
    await renderFoyerAndOpen({ config: { loginMethods: ['email', 'wallet', 'passkey'] } })
    expect(emailInput()).toBeTruthy()
    expect(walletButton()).toBeNull()
    expect(passkeyLink()).toBeNull()
  })

  test("behavior: after an email login, logout and reload, 'Recent' marks the email form", async () => {
    const storage = createMemoryStorage()
    const first = await renderFoyerAndOpen({ storage })
    expect(screen.queryByText('Recent')).toBeNull()
    await submitEmail(first.user)
    await first.user.keyboard(TEST_CODE)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })
    await first.user.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(screen.getByTestId('host-status').textContent).toBe('signed out'))
    cleanup()

    await renderFoyerAndOpen({ storage })
    const chip = await screen.findByText('Recent')
    expect(screen.getByRole('textbox', { name: 'Email address', description: 'Recent' })).toBe(emailInput())
    expect(chip.closest('.foyer-input-row')).toBe(emailInput().closest('.foyer-input-row'))
  })

  test("behavior: reopening at once after a login and logout shows the landing with 'Recent'", async () => {
    const { user } = await renderFoyerAndOpen()
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(screen.getByTestId('host-status').textContent).toBe('signed out'))
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('heading', { name: 'Log in or sign up' })).toBeTruthy()
    expect(await screen.findByText('Recent')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Email address', description: 'Recent' })).toBe(emailInput())
  })

  test("behavior: 'Recent' on the wallet button is its description; its name stays", async () => {
    const storage = createMemoryStorage()
    await storage.set(recentKey, 'wallet')
    await renderFoyerAndOpen({ routes: allMethodsRoutes, storage })
    await screen.findByText('Recent')
    const button = screen.getByRole('button', { name: 'Continue with a wallet', description: 'Recent' })
    expect(button.textContent).toBe('Continue with a walletRecent')
    expect(passkeyLink()?.getAttribute('aria-describedby')).toBeNull()
    expect(emailInput().getAttribute('aria-describedby')).toBeNull()
  })

  test("behavior: 'Recent' beside the passkey link describes it", async () => {
    const storage = createMemoryStorage()
    await storage.set(recentKey, 'passkey')
    await renderFoyerAndOpen({ routes: allMethodsRoutes, storage })
    await screen.findByText('Recent')
    expect(screen.getByRole('button', { name: 'I have a passkey', description: 'Recent' })).toBeTruthy()
    expect(walletButton()?.getAttribute('aria-describedby')).toBeNull()
  })

  test("behavior: 'Recent' beside the phone Submit describes the number field", async () => {
    const storage = createMemoryStorage()
    await storage.set(recentKey, 'sms')
    await renderFoyerAndOpen({ routes: allMethodsRoutes, storage })
    expect(await screen.findByRole('textbox', { name: 'Phone number', description: 'Recent' })).toBeTruthy()
    expect(screen.getAllByText('Recent')).toHaveLength(1)
  })

  test("behavior: no 'Recent' chip when that method is hidden by loginMethods", async () => {
    const storage = createMemoryStorage()
    await storage.set(recentKey, 'passkey')
    await renderFoyerAndOpen({ routes: allMethodsRoutes, storage, config: { loginMethods: ['email'] } })
    await act(() => new Promise((resolve) => setTimeout(resolve, 20))) // the storage read settles
    expect(passkeyLink()).toBeNull()
    expect(screen.queryByText('Recent')).toBeNull()
  })
})

/** The landing's entries in order: buttons by name, 'email' / 'phone' for the forms (Close and Back left out). */
async function entries() {
  const dialog = await screen.findByRole('dialog')
  const controls = dialog.querySelectorAll<HTMLElement>(
    'input[type=email], input[type=tel], .foyer-screen button:not(.foyer-back)',
  )
  return [...controls]
    .filter((control) => !control.closest('form') || control.tagName === 'INPUT')
    .map((control) =>
      control.tagName === 'INPUT'
        ? (control as HTMLInputElement).type === 'email'
          ? 'email'
          : 'phone'
        : (control.getAttribute('aria-label') ?? control.textContent ?? ''),
    )
}

const button = (name: string) => screen.getByRole('button', { name })
const backButton = () => screen.queryByRole('button', { name: 'Back' })

describe('Landing layout', () => {
  test('cap: more than 5 entries show 4 and More options; the overflow view lists the rest; Back returns', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: appConfigRoute({ sms_auth: true, ...ALL_OAUTH_SETTINGS }),
    })
    await screen.findByRole('textbox', { name: 'Phone number' })
    expect(await entries()).toEqual([
      'email',
      'phone',
      'Continue with Google',
      'Continue with Twitter',
      'More options',
    ])
    expect(backButton()).toBeNull()

    await user.click(button('More options'))
    expect(await entries()).toEqual([
      'Continue with Discord',
      'Continue with GitHub',
      'Continue with Spotify',
      'Continue with Instagram',
      'Continue with TikTok',
      'Continue with LinkedIn',
      'Continue with Apple',
    ])
    expect(screen.getByRole('dialog', { name: 'Log in or sign up' })).toBeTruthy()
    expect(document.activeElement).toBe(button('Continue with Discord'))

    await user.click(backButton() as HTMLElement)
    expect(await entries()).toContain('More options')
    expect(document.activeElement).toBe(emailInput())
  })

  test('default: five entries show without More options', async () => {
    await renderFoyerAndOpen({
      routes: appConfigRoute({ sms_auth: true, google_oauth: true, github_oauth: true, apple_oauth: true }),
    })
    await screen.findByRole('textbox', { name: 'Phone number' })
    expect(await entries()).toEqual([
      'email',
      'phone',
      'Continue with Google',
      'Continue with GitHub',
      'Continue with Apple',
    ])
  })

  test('ordered: loginMethodsAndOrder gives the primary entries in order and the overflow behind More options', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: appConfigRoute({ wallet_auth: true, passkey_auth: true, ...ALL_OAUTH_SETTINGS }),
      config: {
        loginMethodsAndOrder: { primary: ['google', 'wallet', 'email'], overflow: ['github', 'passkey'] },
      },
    })
    await waitFor(async () =>
      expect(await entries()).toEqual([
        'Continue with Google',
        'Continue with a wallet',
        'email',
        'More options',
      ]),
    )
    await user.click(button('More options'))
    expect(await entries()).toEqual(['Continue with GitHub', 'I have a passkey'])
  })

  test("web2-first: web2 entries, 'Other socials' and 'Continue with a wallet'", async () => {
    const { user } = await renderFoyerAndOpen({
      routes: appConfigRoute({ wallet_auth: true, sms_auth: true, ...ALL_OAUTH_SETTINGS }),
    })
    await screen.findByRole('textbox', { name: 'Phone number' })
    expect(await entries()).toEqual([
      'email',
      'phone',
      'Continue with Google',
      'Other socials',
      'Continue with a wallet',
    ])
    await user.click(button('Other socials'))
    expect((await entries())[0]).toBe('Continue with Twitter')
    expect(await entries()).toHaveLength(8)
    await user.click(backButton() as HTMLElement)
    expect(await entries()).toContain('Other socials')
  })

  test("web3-first: 'Continue with a wallet', then 'Log in with email or socials' opening the web2 entries", async () => {
    const { user } = await renderFoyerAndOpen({
      routes: appConfigRoute({ wallet_auth: true, ...ALL_OAUTH_SETTINGS }),
      config: { appearance: { loginGroupPriority: 'web3-first' } },
    })
    await waitFor(async () =>
      expect(await entries()).toEqual(['Continue with a wallet', 'Log in with email or socials']),
    )
    await user.click(button('Log in with email or socials'))
    expect((await entries()).slice(0, 3)).toEqual(['email', 'Continue with Google', 'Continue with Twitter'])
    expect(document.activeElement).toBe(emailInput())
  })

  test('web3-first: show_wallet_login_first puts the wallet before the email form', async () => {
    await renderFoyerAndOpen({ routes: appConfigRoute({ wallet_auth: true, show_wallet_login_first: true }) })
    await waitFor(async () => expect(await entries()).toEqual(['Continue with a wallet', 'email']))
  })

  test('web2-first: without show_wallet_login_first the email form comes first', async () => {
    await renderFoyerAndOpen({ routes: appConfigRoute({ wallet_auth: true }) })
    await waitFor(async () => expect(await entries()).toEqual(['email', 'Continue with a wallet']))
  })

  test("hideDirectWeb2Inputs: 'Continue with email' opens the form; the code screen's Back returns to it", async () => {
    const { user } = await renderFoyerAndOpen({
      routes: appConfigRoute({ sms_auth: true }),
      config: { appearance: { hideDirectWeb2Inputs: true } },
    })
    await waitFor(async () => expect(await entries()).toEqual(['Continue with email', 'Continue with phone']))
    expect(screen.queryByRole('textbox')).toBeNull()
    await user.click(button('Continue with email'))
    expect(await entries()).toEqual(['email'])
    expect(document.activeElement).toBe(emailInput())
    await submitEmail(user)
    await user.click(button('Back'))
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toBeTruthy()
    expect(emailInput().value).toBe('ada@example.com')
    await user.click(backButton() as HTMLElement)
    expect(await entries()).toEqual(['Continue with email', 'Continue with phone'])
  })

  test("hideDirectWeb2Inputs: 'Recent' marks the entry that opens the last-used form", async () => {
    const storage = createMemoryStorage()
    await storage.set(recentKey, 'sms')
    const { user } = await renderFoyerAndOpen({
      routes: appConfigRoute({ sms_auth: true }),
      storage,
      config: { appearance: { hideDirectWeb2Inputs: true } },
    })
    await screen.findByText('Recent')
    expect(button('Continue with email').getAttribute('aria-describedby')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Continue with phone', description: 'Recent' }))
    expect(await screen.findByRole('textbox', { name: 'Phone number', description: 'Recent' })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(phoneInput()))
  })

  test('loginMethods: lists the OAuth providers to show, in its order', async () => {
    await renderFoyerAndOpen({
      routes: appConfigRoute({ ...ALL_OAUTH_SETTINGS }),
      config: { loginMethods: ['github', 'google', 'email'] },
    })
    await waitFor(async () =>
      expect(await entries()).toEqual(['Continue with GitHub', 'Continue with Google', 'email']),
    )
  })

  test('behavior: closing resets the landing to the default view 150 ms later', async () => {
    const { user, trigger } = await renderFoyerAndOpen({ routes: appConfigRoute({ ...ALL_OAUTH_SETTINGS }) })
    await user.click(await screen.findByRole('button', { name: 'More options' }))
    await screen.findByRole('button', { name: 'Back' })

    vi.useFakeTimers()
    const closeAndReopenAfter = (ms: number) => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }))
      expect(screen.queryByRole('dialog')).toBeNull()
      act(() => {
        vi.advanceTimersByTime(ms)
      })
      fireEvent.click(trigger)
    }
    closeAndReopenAfter(149)
    expect(backButton()).not.toBeNull() // still the overflow view
    closeAndReopenAfter(150)
    expect(backButton()).toBeNull()
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'More options' })).toBeTruthy()
  })

  test('accessibility: no axe violations on the overflow views', async () => {
    const violations = async () => {
      const result = await axe.run(screen.getByRole('dialog'), {
        rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      })
      return result.violations.map((violation) => violation.id)
    }
    const first = await renderFoyerAndOpen({
      routes: appConfigRoute({ sms_auth: true, ...ALL_OAUTH_SETTINGS }),
    })
    await first.user.click(await screen.findByRole('button', { name: 'More options' }))
    await screen.findByRole('button', { name: 'Back' })
    expect(await violations()).toEqual([])
    cleanup()

    const second = await renderFoyerAndOpen({
      routes: appConfigRoute({ sms_auth: true, wallet_auth: true, ...ALL_OAUTH_SETTINGS }),
    })
    await second.user.click(await screen.findByRole('button', { name: 'Other socials' }))
    await screen.findByRole('button', { name: 'Back' })
    expect(await violations()).toEqual([])
  })
})
