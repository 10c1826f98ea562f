import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { renderFoyerAndOpen, submitEmail } from '../../../../test/renderFoyer'

afterEach(cleanup)

const submitButton = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement
const emailInput = () => screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement

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
})
