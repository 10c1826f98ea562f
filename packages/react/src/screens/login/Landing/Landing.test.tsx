import { createMemoryStorage } from '@foyer/core'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { appConfigRoute, TEST_APP_ID, TEST_CODE, type TestRoutes } from '../../../../test/createTestClient'
import { renderFoyerAndOpen, submitEmail } from '../../../../test/renderFoyer'

afterEach(cleanup)

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

  test('error: a disallowed plus email shows an inline error that clears on edit', async () => {
    const { user } = await renderFoyerAndOpen()
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
