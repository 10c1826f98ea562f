import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { TEST_CODE, type TestAnswer } from '../../../../test/createTestClient'
import { passResendCooldown, renderFoyerAndOpen, submitEmail } from '../../../../test/renderFoyer'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` }) as HTMLInputElement
const authenticateAnswers = (answer: TestAnswer) => ({
  'POST /api/v1/passwordless/authenticate': () => answer,
})

describe('AwaitingCode', () => {
  test('default', async () => {
    const { user } = await renderFoyerAndOpen()
    await submitEmail(user)
    expect(screen.getByText(/ada@example\.com/).textContent).toContain('Please check ada@example.com')
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code')
    expect(document.activeElement).toBe(box(1))
    expect(screen.getByText("Didn't get an email?")).toBeTruthy()
    expect(screen.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeTruthy()
  })

  test('behavior: the sixth digit signs in, shows Success! and closes', async () => {
    const { user, calls, trigger } = await renderFoyerAndOpen()
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Success!'), {
      timeout: 3000,
    })
    expect(calls.find((call) => call.path === '/api/v1/passwordless/authenticate')?.body).toEqual({
      email: 'ada@example.com',
      code: TEST_CODE,
      mode: 'login-or-sign-up',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })
    expect(screen.getByTestId('host-status').textContent).toBe('signed in as did:foyer:user-1')
    expect(document.activeElement).toBe(trigger)
  })

  test('behavior: Back returns to landing with the address', async () => {
    const { user } = await renderFoyerAndOpen()
    await submitEmail(user)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect((screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).value).toBe(
      'ada@example.com',
    )
    expect(screen.getByRole('heading', { name: 'Log in or sign up' })).toBeTruthy()
  })

  test('behavior: the resend cooldown starts at the first send: the button counts down beside "Code sent"', async () => {
    const { user } = await renderFoyerAndOpen()
    await submitEmail(user)
    const resend = screen.getByRole('button', { name: /^Resend code in \d+s$/ }) as HTMLButtonElement
    expect(resend.disabled).toBe(true)
    expect(resend.textContent).toMatch(/Resend code in (30|29)s/)
    expect(screen.getByText('Code sent')).toBeTruthy()
  })

  test('behavior: after the cooldown, Resend code sends a new code and the cooldown starts again', async () => {
    const { user, calls } = await renderFoyerAndOpen()
    await submitEmail(user)
    const resend = await passResendCooldown()
    expect(screen.queryByText('Code sent')).toBeNull()
    await user.click(resend)
    expect(await screen.findByText('Code sent')).toBeTruthy()
    expect(screen.getByRole('button', { name: /^Resend code in \d+s$/ }).hasAttribute('disabled')).toBe(true)
    expect(calls.filter((call) => call.path === '/api/v1/passwordless/init')).toHaveLength(2)
  })

  test('error: a resend answered 429 stays on the code screen with "Too many attempts."', async () => {
    let sends = 0
    const { user } = await renderFoyerAndOpen({
      routes: {
        'POST /api/v1/passwordless/init': () =>
          ++sends === 1
            ? { status: 200, body: { success: true } }
            : { status: 429, body: { error: 'Slow down', code: 'too_many_requests' } },
      },
    })
    await submitEmail(user)
    await user.click(await passResendCooldown())
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts.')
    expect(screen.getByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /^Resend code in \d+s$/ }).hasAttribute('disabled')).toBe(true)
  })

  test('error: a wrong code shows "Invalid or expired verification code" and clears the boxes 1.4 s later', async () => {
    const { user } = await renderFoyerAndOpen()
    await submitEmail(user)
    await user.keyboard('000000')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Invalid or expired verification code')
    const shownAt = Date.now()
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('')).toBe('000000')
    await waitFor(() => expect(box(1).value).toBe(''), { timeout: 3000 })
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1200)
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('')).toBe('')
    await waitFor(() => expect(document.activeElement).toBe(box(1)))
    await user.keyboard('1')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('error: after 5 wrong codes the hint says when a new code can be had while Resend counts down, then to resend', async () => {
    const { user } = await renderFoyerAndOpen()
    await submitEmail(user)
    for (let n = 1; n <= 5; n++) {
      await waitFor(() => expect(document.activeElement).toBe(box(1)), { timeout: 3000 })
      await user.keyboard('000000')
      const alert = await screen.findByRole('alert')
      if (n < 5) expect(alert.textContent).toBe('Invalid or expired verification code')
      else {
        expect(alert.textContent).toMatch(
          /^Too many wrong codes: this code no longer works\. You can get a new one in \d+s\.$/,
        )
        expect(alert.textContent).not.toContain('Resend code to get a new one')
        expect(screen.getByRole('button', { name: /^Resend code in \d+s$/ }).hasAttribute('disabled')).toBe(
          true,
        )
      }
      await waitFor(() => expect(box(1).value).toBe(''), { timeout: 3000 })
    }
    await passResendCooldown()
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many wrong codes: this code no longer works. Resend code to get a new one.',
      ),
    )
  }, 20_000)

  test("behavior: 'Code sent' shows for 3 s after the send, not for the whole cooldown", async () => {
    const { user } = await renderFoyerAndOpen()
    await submitEmail(user)
    expect(screen.getByText('Code sent')).toBeTruthy()
    const realNow = Date.now.bind(Date)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 4000)
    await waitFor(() => expect(screen.queryByText('Code sent')).toBeNull(), { timeout: 2500 })
    expect(screen.getByRole('button', { name: /^Resend code in \d+s$/ }).hasAttribute('disabled')).toBe(true)
  })

  test('error: user_does_not_exist goes to account not found', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: authenticateAnswers({ status: 404, body: { error: 'No user', code: 'user_does_not_exist' } }),
    })
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    expect(
      await screen.findByText('Please try logging in again or go to Test App to create an account.'),
    ).toBeTruthy()
  })

  test('error: max_accounts_reached goes to the user limit screen', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: authenticateAnswers({ status: 403, body: { error: 'Limit', code: 'max_accounts_reached' } }),
    })
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    expect(
      await screen.findByText('This application has reached its user limit and cannot sign in new users.'),
    ).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Unable to sign in' })).toBeTruthy()
  })

  test('error: too_many_requests goes to the error screen, whose button comes back', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: authenticateAnswers({ status: 429, body: { error: 'Slow down', code: 'too_many_requests' } }),
    })
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    const button = await screen.findByRole('button', { name: 'Try again later' })
    expect(screen.getByRole('heading', { name: 'Request failed' })).toBeTruthy()
    expect(screen.getByText('Too many attempts.')).toBeTruthy()
    await user.click(button)
    expect(await screen.findByRole('textbox', { name: 'Digit 1 of 6' })).toBeTruthy()
  })

  test('error: any other failure shows "Issue verifying code"', async () => {
    const { user } = await renderFoyerAndOpen({
      routes: authenticateAnswers({ status: 400, body: { error: 'Bad', code: 'invalid_data' } }),
    })
    await submitEmail(user)
    await user.keyboard(TEST_CODE)
    expect((await screen.findByRole('alert')).textContent).toBe('Issue verifying code')
  })
})
